import { Link } from '../link.tsx';

/** A seller's page for someone without a store yet: the dashboard is where one is opened. */
export function OpenStoreFirst({ title }: { title: string }) {
  return (
    <main id="main" className="container-page max-w-3xl py-6">
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="mt-2 text-gray-700">
        Open your store first:{' '}
        <Link to="/user/store" className="font-semibold text-brand-800 underline">
          your store's details
        </Link>
        .
      </p>
    </main>
  );
}
