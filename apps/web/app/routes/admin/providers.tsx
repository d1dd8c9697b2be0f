import { useLoaderData, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { adminUsers, requireAdmin } from '../../lib/admin.server.ts';
import { UsersTable } from '../../components/admin-tables.tsx';

export const meta: MetaFunction = () => [
  { title: 'Admin: mechanics and tow vans | SpareFinder NG' },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  const [mechanics, towvans] = await Promise.all([
    adminUsers(context, 'Mechanic'),
    adminUsers(context, 'Tow Van'),
  ]);
  return { mechanics: mechanics.items, towvans: towvans.items };
}

export default function AdminMechanics() {
  const { mechanics, towvans } = useLoaderData<typeof loader>();
  return (
    <main id="main">
      <h1 className="text-2xl font-bold">Mechanics and tow vans</h1>
      <h2 className="mb-2 mt-4 text-lg font-bold">Mechanics ({mechanics.length})</h2>
      <UsersTable users={mechanics} business="Workshop" caption="Mechanics" />
      <h2 className="mb-2 mt-6 text-lg font-bold">Tow vans ({towvans.length})</h2>
      <UsersTable users={towvans} business="Garage" caption="Tow vans" />
    </main>
  );
}
