import { useLoaderData, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { shareMeta } from '../lib/seo.ts';
import { serverApi } from '../lib/api.server.ts';
import { ProviderListPage } from '../components/providers/list-page.tsx';
import { loadProviderList } from '../lib/providers.server.ts';

export const meta: MetaFunction = ({ matches }) =>
  shareMeta(matches, {
    title: 'Tow vans near you',
    description:
      'Broken down? Find a tow van near you in Nigeria by state, city, tow capacity, vehicle type and day, then call or WhatsApp.',
    path: '/towvans',
  });

export const loader = ({ context, request }: LoaderFunctionArgs) =>
  loadProviderList('towvan', serverApi(context), request);

export default function Towvans() {
  const data = useLoaderData<typeof loader>();
  return (
    <ProviderListPage
      data={data}
      intro="Breakdown and recovery trucks, flatbeds and heavy wreckers. Pick your state and the size of the vehicle."
    />
  );
}
