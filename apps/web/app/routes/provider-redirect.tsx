import { redirect } from '../lib/redirect.ts';
import { notFound, serverApi, throwUnlessOk } from '../lib/api.server.ts';
import { KINDS, type ProviderKind } from '../lib/providers.ts';
import type { Route } from './+types/provider-redirect';

/**
 * /sp/{id} (an old public route; sp = service provider) leads to the provider's own page:
 * /mechanic/{id} or /towvan/{id}.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const id = params.id ?? '';
  if (!/^\d{1,9}$/.test(id)) throw notFound(`No service provider with id ${id.slice(0, 20)}`);
  const ans = await serverApi(context).get(`/api/sp/${id}`);
  const missing = `No service provider with id ${id}`;
  throwUnlessOk(ans, { what: 'Service provider', missing, invalidIsMissing: true });
  const kind = (ans.item as { kind?: ProviderKind } | undefined)?.kind;
  if (!kind) throw notFound(missing);
  return redirect(`${KINDS[kind].detail}/${id}`, 302);
}

export default function Sp() {
  return null;
}
