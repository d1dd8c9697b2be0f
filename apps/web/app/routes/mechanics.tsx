import { shareMeta } from '../lib/seo.ts';
import { serverApi } from '../lib/api.server.ts';
import { ProviderListPage } from '../components/providers/list-page.tsx';
import { loadProviderList } from '../lib/providers.server.ts';
import type { Route } from './+types/mechanics';

export const meta: Route.MetaFunction = ({ matches }) =>
  shareMeta(matches, {
    title: 'Mechanics near you',
    description:
      'Find a trusted mechanic near you in Nigeria: filter by state, city, speciality, vehicle type and day, then call or WhatsApp.',
    path: '/mechanics',
  });

export const loader = ({ context, request }: Route.LoaderArgs) =>
  loadProviderList('mechanic', serverApi(context), request);

export default function Mechanics({ loaderData }: Route.ComponentProps) {
  const data = loaderData;
  return (
    <ProviderListPage
      data={data}
      intro="Trusted workshops, auto electricians, panel beaters and more. Pick a state and what you need fixed."
    />
  );
}
