import {
  useActionData,
  useLoaderData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from 'react-router';
import { ListingEditor } from '../../components/providers/listing-editor.tsx';
import { loadListing, saveListing, type ListingFormAnswer } from '../../lib/listing.server.ts';

// One page for both kinds of listing: /user/workshop (a mechanic's) and /user/garage (a tow
// van's); the path says which.
const kindOf = (path: string) => (path.startsWith('/user/garage') ? 'towvan' : 'mechanic');

export const meta: MetaFunction = ({ location }) => [
  {
    title: `${kindOf(location.pathname) === 'towvan' ? 'My garage' : 'My workshop'} | SpareFinder NG`,
  },
];

export const loader = ({ request, context }: LoaderFunctionArgs) =>
  loadListing(kindOf(new URL(request.url).pathname), request, context);

export const action = ({ request, context }: ActionFunctionArgs) =>
  saveListing(kindOf(new URL(request.url).pathname), request, context);

export default function MyListingPage() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as ListingFormAnswer | undefined;
  return <ListingEditor data={data} answer={answer} />;
}
