import { serverApi } from '../lib/api.server.ts';
import { ProviderDetailPage } from '../components/providers/detail-page.tsx';
import { loadProvider } from '../lib/providers.server.ts';
import { providerMeta } from '../lib/provider-seo.ts';
import type { Route } from './+types/mechanic';

export const meta: Route.MetaFunction = ({ data, matches }) => providerMeta(matches, data);

export const loader = ({ context, params }: Route.LoaderArgs) =>
  loadProvider('mechanic', serverApi(context), params.id);

export default function MechanicPage({ loaderData }: Route.ComponentProps) {
  const { provider, reviews } = loaderData;
  return <ProviderDetailPage p={provider} reviews={reviews} />;
}
