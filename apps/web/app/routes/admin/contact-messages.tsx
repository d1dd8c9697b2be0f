import { Form } from 'react-router';
import type { AdminContactListItem } from '@sf/api/types';
import { adminGet, listQuery, requireAdmin } from '../../lib/admin.server.ts';
import { NextPage, Pill } from '../../components/admin/ui.tsx';
import { AdminTable } from '../../components/admin/table.tsx';
import type { Route } from './+types/contact-messages';
import { Field, SelectBoxField } from '../../components/form-field.tsx';
import { Link } from '../../components/link.tsx';

export const meta: Route.MetaFunction = () => [
  { title: 'Admin: contact messages | SpareFinder NG' },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const query = listQuery(new URL(request.url), ['q', 'answered']);
  const ans = await adminGet<{ items: AdminContactListItem[]; lastId: number | null }>(
    context,
    `/api/admin/contact?${query}`,
    'Contact messages',
  );
  query.delete('lastId');
  return { items: ans.items, lastId: ans.lastId, query: query.toString() };
}

export const contactWhen = (iso: string) =>
  new Date(iso).toLocaleString('en-NG', {
    timeZone: 'Africa/Lagos',
    dateStyle: 'medium',
    timeStyle: 'short',
  });

export default function AdminContactMessages({ loaderData }: Route.ComponentProps) {
  const { items, lastId, query } = loaderData;
  const q = new URLSearchParams(query);
  return (
    <main id="main">
      <h1 className="text-2xl font-bold">Contact messages</h1>
      <p className="mb-4 mt-1 text-gray-700">
        What visitors sent through the contact-us page, newest first. Reply by e-mail, then mark the
        message answered.
      </p>
      <Form method="get" className="card mb-4 grid gap-3 p-3 sm:grid-cols-[1fr_12rem_auto]">
        <Field
          className="text-sm"
          label="Name, e-mail or subject"
          name="q"
          type="search"
          defaultValue={q.get('q') ?? ''}
        />
        <SelectBoxField
          className="text-sm"
          label="Answered"
          name="answered"
          defaultValue={q.get('answered') ?? ''}
        >
          <option value="">Any</option>
          <option value="no">Not yet</option>
          <option value="yes">Answered</option>
        </SelectBoxField>
        <button type="submit" className="btn-primary self-end">
          Filter
        </button>
      </Form>
      <AdminTable
        caption="Contact messages"
        empty="No message here."
        rows={items}
        columns={[
          {
            label: 'Subject',
            className: 'font-semibold min-w-[12rem]',
            cell: (m) => (
              <Link to={`/admin/contact/${m.id}`} className="underline">
                {m.subject}
              </Link>
            ),
          },
          {
            label: 'State',
            cell: (m) =>
              m.answered ? <Pill tone="green">Answered</Pill> : <Pill tone="amber">To answer</Pill>,
          },
          {
            label: 'From',
            className: 'whitespace-nowrap',
            cell: (m) => (
              <>
                {m.name}
                <br />
                <span className="text-gray-600">{m.email}</span>
              </>
            ),
          },
          { label: 'Message', className: 'min-w-[13rem] text-gray-700', cell: (m) => m.preview },
          {
            label: 'Received',
            className: 'whitespace-nowrap',
            cell: (m) => contactWhen(m.createdAt),
          },
        ]}
      />
      <NextPage lastId={lastId} query={q} />
    </main>
  );
}
