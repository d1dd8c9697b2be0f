import { data, redirect, type LoaderFunctionArgs } from 'react-router';
import { serverApi } from '../lib/context.ts';
import { KINDS, type ProviderKind } from '../lib/providers.ts';

/**
 * /sp/{id} (an old public route; sp = service provider) leads to the provider's own page:
 * /mechanic/{id} or /towvan/{id}.
 */
export async function loader({ context, params }: LoaderFunctionArgs) {
  const id = params.id ?? '';
  if (!/^\d{1,9}$/.test(id))
    throw data({ message: `No service provider with id ${id.slice(0, 20)}` }, { status: 404 });
  const ans = await serverApi(context).get(`/api/sp/${id}`);
  const kind = (ans.item as { kind?: ProviderKind } | undefined)?.kind;
  if (!ans.status || !kind)
    throw data(
      { message: `No service provider with id ${id}` },
      { status: ans.code === 404 || ans.code === 'NOT_FOUND' ? 404 : 503 },
    );
  return redirect(`${KINDS[kind].detail}/${id}`, 302);
}

export default function Sp() {
  return null;
}
