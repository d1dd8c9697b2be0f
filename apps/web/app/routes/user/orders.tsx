import { Link, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { requireUser } from '../../lib/auth.server.ts';

export const meta: MetaFunction = () => [{ title: 'My orders | SpareFinder NG' }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context);
  return null;
}

/** Orders are placed at checkout, which is a later part of the product: until then the honest answer is an empty list. */
export default function Orders() {
  return (
    <main id="main" className="container-page max-w-2xl py-6">
      <h1 className="text-2xl font-bold">My orders</h1>
      <div className="card mt-5 p-6 text-center">
        <h2 className="text-lg font-semibold">You have no orders yet</h2>
        <p className="mt-2 text-gray-700">
          Orders you place at checkout will be listed here, with their status and the store that
          sells each part.
        </p>
        <Link to="/spares-parts" className="btn-primary mt-4">
          Find spare parts
        </Link>
      </div>
    </main>
  );
}
