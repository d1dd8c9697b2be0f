import { shareMeta } from '../lib/seo.ts';
import { serverApi } from '../lib/api.server.ts';
import { ProviderListPage } from '../components/providers/list-page.tsx';
import { loadProviderList } from '../lib/providers.server.ts';
import type { Route } from './+types/towvans';

export const meta: Route.MetaFunction = ({ matches }) =>
  shareMeta(matches, {
    title: 'Tow vans near you',
    description:
      'Broken down? Find a tow van near you in Nigeria by state, city, tow capacity, vehicle type and day, then call or WhatsApp.',
    path: '/towvans',
  });

export const loader = ({ context, request }: Route.LoaderArgs) =>
  loadProviderList('towvan', serverApi(context), request);

export default function Towvans({ loaderData }: Route.ComponentProps) {
  const data = loaderData;
  return (
    <ProviderListPage
      data={data}
      intro="Breakdown and recovery trucks, flatbeds and heavy wreckers. Pick your state and the size of the vehicle."
    />
  );
}
