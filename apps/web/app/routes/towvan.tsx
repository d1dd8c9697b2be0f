import { useLoaderData, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { serverApi } from '../lib/api.server.ts';
import { ProviderDetailPage } from '../components/providers/detail-page.tsx';
import { loadProvider } from '../lib/providers.server.ts';
import { providerMeta } from '../lib/provider-seo.ts';

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => providerMeta(matches, data);

export const loader = ({ context, params }: LoaderFunctionArgs) =>
  loadProvider('towvan', serverApi(context), params.id);

export default function TowvanPage() {
  const { provider, reviews } = useLoaderData<typeof loader>();
  return <ProviderDetailPage p={provider} reviews={reviews} />;
}
