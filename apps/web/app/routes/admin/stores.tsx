import { useLoaderData, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { adminUsers, requireAdmin } from '../../lib/admin.server.ts';
import { UsersTable } from '../../components/admin-tables.tsx';

export const meta: MetaFunction = () => [{ title: 'Admin: stores | SpareFinder NG' }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  return { sellers: (await adminUsers(context, 'Seller')).items };
}

export default function AdminStores() {
  const { sellers } = useLoaderData<typeof loader>();
  return (
    <main id="main">
      <h1 className="text-2xl font-bold">Stores</h1>
      <p className="mb-4 mt-1 text-gray-700">
        {sellers.length} seller account{sellers.length === 1 ? '' : 's'}, newest first.
      </p>
      <UsersTable users={sellers} business="Store" caption="Sellers" />
    </main>
  );
}
