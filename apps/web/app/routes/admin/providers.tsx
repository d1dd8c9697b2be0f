import { Form } from 'react-router';
import { adminGet, listQuery, requireAdmin } from '../../lib/admin.server.ts';
import { NextPage, StoreState, YesNo } from '../../components/admin/ui.tsx';
import { AdminTable } from '../../components/admin/table.tsx';
import type { Route } from './+types/providers';
import { Field, SelectBoxField } from '../../components/form-field.tsx';
import { Link } from '../../components/link.tsx';

export const meta: Route.MetaFunction = () => [
  { title: 'Admin: mechanics and tow vans | SpareFinder NG' },
];

const FILTERS = ['q', 'kind', 'verified', 'suspended'] as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const query = listQuery(new URL(request.url), FILTERS);
  const ans = await adminGet(context, `/api/admin/providers?${query}`, 'Mechanics and tow vans');
  query.delete('lastId');
  return { items: ans.items, lastId: ans.lastId, query: query.toString() };
}

export default function AdminProviders({ loaderData }: Route.ComponentProps) {
  const { items, lastId, query } = loaderData;
  const q = new URLSearchParams(query);
  return (
    <main id="main">
      <h1 className="text-2xl font-bold">Mechanics and tow vans</h1>
      <p className="mb-4 mt-1 text-gray-700">
        Newest first. Open one to verify, suspend or edit it.
      </p>
      <Form method="get" className="card mb-4 grid gap-3 p-3 sm:grid-cols-4">
        <Field
          className="text-sm"
          label="Name, phone or owner"
          name="q"
          type="search"
          defaultValue={q.get('q') ?? ''}
        />
        <SelectBoxField
          className="text-sm"
          label="Kind"
          name="kind"
          defaultValue={q.get('kind') ?? ''}
        >
          <option value="">Both</option>
          <option value="mechanic">Mechanics</option>
          <option value="towvan">Tow vans</option>
        </SelectBoxField>
        <YesNo name="verified" label="Verified" value={q.get('verified') ?? ''} />
        <YesNo name="suspended" label="Suspended" value={q.get('suspended') ?? ''} />
        <button type="submit" className="btn-primary sm:col-span-4 sm:justify-self-start">
          Filter
        </button>
      </Form>
      <AdminTable
        caption="Mechanics and tow vans"
        empty="Nothing matches."
        rows={items}
        columns={[
          {
            label: 'Business',
            className: 'font-semibold',
            cell: (p) => (
              <Link to={`/admin/mechanics/${p.id}`} className="underline">
                {p.companyName}
              </Link>
            ),
          },
          { label: 'Kind', cell: (p) => (p.kind === 'towvan' ? 'Tow van' : 'Mechanic') },
          { label: 'State', cell: (p) => <StoreState s={p} /> },
          { label: 'Place', cell: (p) => `${p.city}, ${p.state}` },
          { label: 'Phone', className: 'whitespace-nowrap', cell: (p) => p.mobileNumber },
        ]}
      />
      <NextPage lastId={lastId} query={q} />
    </main>
  );
}
