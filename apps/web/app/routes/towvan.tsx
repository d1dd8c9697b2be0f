import { useLoaderData, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { serverApi } from '../lib/api.server.ts';
import { ProviderDetailPage } from '../components/providers/detail-page.tsx';
import { loadProvider } from '../lib/providers.server.ts';

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  {
    title: data
      ? `${data.provider.company_name}, tow van in ${data.provider.city} | SpareFinder NG`
      : 'Tow van | SpareFinder NG',
  },
  { name: 'description', content: data ? data.provider.description.slice(0, 160) : '' },
];

export const loader = ({ context, params }: LoaderFunctionArgs) =>
  loadProvider('towvan', serverApi(context), params.id);

export default function TowvanPage() {
  const { provider, reviews } = useLoaderData<typeof loader>();
  return <ProviderDetailPage p={provider} reviews={reviews} />;
}
