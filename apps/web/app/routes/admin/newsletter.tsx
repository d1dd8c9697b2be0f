import { Form } from 'react-router';
import type { AdminSubscriber } from '@sf/api/types';
import { adminGet, listQuery, requireAdmin } from '../../lib/admin.server.ts';
import { NextPage } from '../../components/admin/ui.tsx';
import { AdminTable } from '../../components/admin/table.tsx';
import { plural } from '@sf/shared';
import type { Route } from './+types/newsletter';
import { Field } from '../../components/form-field.tsx';

export const meta: Route.MetaFunction = () => [{ title: 'Admin: newsletter | SpareFinder NG' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const query = listQuery(new URL(request.url), ['q']);
  const ans = await adminGet<{ items: AdminSubscriber[]; lastId: number | null; total: number }>(
    context,
    `/api/admin/newsletter?${query}`,
    'Subscribers',
  );
  query.delete('lastId');
  return { items: ans.items, lastId: ans.lastId, total: ans.total, query: query.toString() };
}

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-NG', {
    timeZone: 'Africa/Lagos',
    dateStyle: 'medium',
    timeStyle: 'short',
  });

export default function AdminNewsletter({ loaderData }: Route.ComponentProps) {
  const { items, lastId, total, query } = loaderData;
  const q = new URLSearchParams(query);
  return (
    <main id="main">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-bold">Newsletter subscribers</h1>
        {/* A plain link: the browser saves the file; the export is written in the audit log. */}
        <a href="/api/admin/newsletter/export.csv" download className="btn-primary">
          Export CSV
        </a>
      </div>
      <p className="mb-4 mt-1 text-gray-700">
        {plural(total, 'address', 'addresses')}
        {q.get('q') ? ' match' : ''}, newest first. The export holds every address, safe to open in
        a spreadsheet.
      </p>
      <Form method="get" role="search" className="card mb-4 flex flex-wrap items-end gap-3 p-3">
        <Field
          className="min-w-0 flex-1 text-sm"
          label="E-mail address"
          name="q"
          type="search"
          defaultValue={q.get('q') ?? ''}
        />
        <button type="submit" className="btn-primary">
          Find
        </button>
      </Form>
      <AdminTable
        caption="Newsletter subscribers"
        empty="No subscriber matches."
        rows={items}
        columns={[
          { label: 'E-mail', className: 'font-semibold whitespace-nowrap', cell: (s) => s.email },
          { label: 'Signed up on', className: 'whitespace-nowrap', cell: (s) => s.source },
          { label: 'When', className: 'whitespace-nowrap', cell: (s) => when(s.createdAt) },
        ]}
      />
      <NextPage lastId={lastId} query={q} />
    </main>
  );
}
