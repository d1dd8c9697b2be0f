import { Form } from 'react-router';
import { adminGet, listQuery, requireAdmin } from '../../lib/admin.server.ts';
import { NextPage, StoreState, YesNo } from '../../components/admin/ui.tsx';
import { AdminTable } from '../../components/admin/table.tsx';
import type { Route } from './+types/stores';
import { Field } from '../../components/form-field.tsx';
import { Link } from '../../components/link.tsx';

export const meta: Route.MetaFunction = () => [{ title: 'Admin: stores | SpareFinder NG' }];

const FILTERS = ['q', 'verified', 'suspended'] as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const query = listQuery(new URL(request.url), FILTERS);
  const ans = await adminGet(context, `/api/admin/stores?${query}`, 'Store list');
  query.delete('lastId');
  return { items: ans.items, lastId: ans.lastId, query: query.toString() };
}

export default function AdminStores({ loaderData }: Route.ComponentProps) {
  const { items, lastId, query } = loaderData;
  const q = new URLSearchParams(query);
  return (
    <main id="main">
      <h1 className="text-2xl font-bold">Stores</h1>
      <p className="mb-4 mt-1 text-gray-700">Newest first. Open a store to verify or suspend it.</p>
      <Form method="get" className="card mb-4 grid gap-3 p-3 sm:grid-cols-4">
        <Field
          className="text-sm sm:col-span-2"
          label="Name, web name or owner"
          name="q"
          type="search"
          defaultValue={q.get('q') ?? ''}
        />
        <YesNo name="verified" label="Verified" value={q.get('verified') ?? ''} />
        <YesNo name="suspended" label="Suspended" value={q.get('suspended') ?? ''} />
        <button type="submit" className="btn-primary sm:col-span-4 sm:justify-self-start">
          Filter
        </button>
      </Form>
      <AdminTable
        caption="Stores"
        empty="No store matches."
        rows={items}
        columns={[
          {
            label: 'Store',
            className: 'font-semibold',
            cell: (s) => (
              <Link to={`/admin/cedstore/${s.id}`} className="underline">
                {s.name}
              </Link>
            ),
          },
          { label: 'State', cell: (s) => <StoreState s={s} /> },
          { label: 'Owner', cell: (s) => (s.owner ? `${s.owner.name} (${s.owner.email})` : '—') },
          { label: 'Place', cell: (s) => `${s.city}, ${s.state}` },
          { label: 'Parts on sale', cell: (s) => `${s.activeProducts} of ${s.products}` },
        ]}
      />
      <NextPage lastId={lastId} query={q} />
    </main>
  );
}
