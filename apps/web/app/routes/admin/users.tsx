import { Form } from 'react-router';
import { requireAdmin } from '../../lib/admin.server.ts';
import { findUsers } from '../../lib/admin-users.server.ts';
import { plural } from '@sf/shared';
import type { Route } from './+types/users';
import { Field, SelectBoxField } from '../../components/form-field.tsx';
import { Link } from '../../components/link.tsx';

export const meta: Route.MetaFunction = () => [{ title: 'Admin: users | SpareFinder NG' }];

const ROLES = ['Buyer', 'Seller', 'Mechanic', 'Tow Van', 'Admin'];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const url = new URL(request.url);
  const q = (url.searchParams.get('q') ?? '').trim().slice(0, 100);
  const roleParam = url.searchParams.get('role') ?? '';
  const role = ROLES.includes(roleParam) ? roleParam : '';
  return { q, role, ...(await findUsers(context, q, role)) };
}

const day = (iso: string) =>
  new Date(iso).toLocaleDateString('en-NG', { timeZone: 'Africa/Lagos' });

export default function AdminUsers({ loaderData }: Route.ComponentProps) {
  const { q, role, items } = loaderData;
  return (
    <main id="main">
      <h1 className="text-2xl font-bold">Users</h1>
      <p className="mt-1 text-gray-700">
        Find an account by e-mail, phone number or name; open it to change its role, lock it, reset
        its password or end its sessions.
      </p>
      <Form method="get" className="card mt-4 grid gap-3 p-4 sm:grid-cols-[1fr_auto_auto]">
        <Field name="q" id="q" label="E-mail, phone or name" defaultValue={q} maxLength={100} />
        <SelectBoxField id="role" label="Role" name="role" defaultValue={role}>
          <option value="">Any role</option>
          {ROLES.map((r) => (
            <option key={r}>{r}</option>
          ))}
        </SelectBoxField>
        <button className="btn-primary self-end">Find</button>
      </Form>
      <p className="mb-2 mt-4 text-sm text-gray-700">
        {items.length === 0
          ? 'No account matches.'
          : `${plural(items.length, 'account')}${items.length === 50 ? ' (the newest 50: narrow the search)' : ''}, newest first.`}
      </p>
      {items.length > 0 && (
        <ul className="space-y-2">
          {items.map((u) => (
            <li key={u.id} className="card flex flex-wrap items-center gap-x-4 gap-y-1 p-3">
              <Link
                to={`/admin/users/${u.id}`}
                className="min-w-0 font-semibold text-brand-700 underline"
              >
                {u.name}
              </Link>
              <span className="text-sm text-gray-700">{u.role}</span>
              {u.lockedAt && (
                <span className="rounded bg-red-100 px-2 text-sm font-semibold text-red-800">
                  Locked
                </span>
              )}
              <span className="min-w-0 break-all text-sm text-gray-700">{u.email}</span>
              <span className="text-sm text-gray-700">{u.phone}</span>
              <span className="text-sm text-gray-600">joined {day(u.createdAt)}</span>
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
