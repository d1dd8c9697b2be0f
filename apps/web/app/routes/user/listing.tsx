import { ListingEditor } from '../../components/providers/listing-editor.tsx';
import { loadListing, saveListing, type ListingFormAnswer } from '../../lib/listing.server.ts';
import type { Route } from './+types/listing';

// One page for both kinds of listing: /user/workshop (a mechanic's) and /user/garage (a tow
// van's); the path says which.
const kindOf = (path: string) => (path.startsWith('/user/garage') ? 'towvan' : 'mechanic');

export const meta: Route.MetaFunction = ({ location }) => [
  {
    title: `${kindOf(location.pathname) === 'towvan' ? 'My garage' : 'My workshop'} | SpareFinder NG`,
  },
];

export const loader = ({ request, context }: Route.LoaderArgs) =>
  loadListing(kindOf(new URL(request.url).pathname), request, context);

export const action = ({ request, context }: Route.ActionArgs) =>
  saveListing(kindOf(new URL(request.url).pathname), request, context);

export default function MyListingPage({ loaderData, actionData }: Route.ComponentProps) {
  const data = loaderData;
  const answer = actionData as ListingFormAnswer | undefined;
  return <ListingEditor data={data} answer={answer} />;
}
