import {
  useActionData,
  useLoaderData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from 'react-router';
import { ListingEditor } from '../../components/providers/listing-editor.tsx';
import { loadListing, saveListing, type ListingFormAnswer } from '../../lib/listing.server.ts';

export const meta: MetaFunction = () => [{ title: 'My workshop | SpareFinder NG' }];

export const loader = ({ request, context }: LoaderFunctionArgs) =>
  loadListing('mechanic', request, context);

export const action = ({ request, context }: ActionFunctionArgs) =>
  saveListing('mechanic', request, context);

export default function MyWorkshopPage() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as ListingFormAnswer | undefined;
  return <ListingEditor data={data} answer={answer} />;
}
