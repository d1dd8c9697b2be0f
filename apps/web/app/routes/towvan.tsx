import { serverApi } from '../lib/api.server.ts';
import { ProviderDetailPage } from '../components/providers/detail-page.tsx';
import { loadProvider } from '../lib/providers.server.ts';
import { providerMeta } from '../lib/provider-seo.ts';
import type { Route } from './+types/towvan';

export const meta: Route.MetaFunction = ({ data, matches }) => providerMeta(matches, data);

export const loader = ({ context, params }: Route.LoaderArgs) =>
  loadProvider('towvan', serverApi(context), params.id);

export default function TowvanPage({ loaderData }: Route.ComponentProps) {
  const { provider, reviews } = loaderData;
  return <ProviderDetailPage p={provider} reviews={reviews} />;
}
