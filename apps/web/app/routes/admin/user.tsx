import { data, Form, useNavigation } from 'react-router';
import { requireAdmin } from '../../lib/admin.server.ts';
import { loadAdminUser, userAction } from '../../lib/admin-users.server.ts';
import { FormMessage, SelectBoxField } from '../../components/form-field.tsx';
import { AuditNote, ConfirmCheck, PasswordAgain } from '../../components/admin/ui.tsx';
import { AuditTrail } from '../../components/AuditTrail.tsx';
import { loadAuditTrail } from '../../lib/audit.server.ts';
import { when } from '../../lib/dates.ts';
import type { Route } from './+types/user';
import { Link } from '../../components/link.tsx';

export const meta: Route.MetaFunction = ({ data: d }) => [
  { title: `Admin: ${d?.user.name ?? 'account'} | SpareFinder NG` },
];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const [u, trail] = await Promise.all([
    loadAdminUser(context, params.id!),
    loadAuditTrail(context, 'user', params.id!),
  ]);
  return { ...u, trail };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  await requireAdmin(request, context);
  const r = await userAction(context, params.id!, await request.formData());
  return data(r, { status: r.status });
}

const ROLES = ['Buyer', 'Seller', 'Mechanic', 'Tow Van', 'Admin'];

export default function AdminUser({ loaderData, actionData }: Route.ComponentProps) {
  const { user, sessions, trail } = loaderData;
  const done = actionData;
  const busy = useNavigation().state !== 'idle';
  return (
    <main id="main">
      <p className="text-sm">
        <Link to="/admin/users" className="underline">
          Users
        </Link>
      </p>
      <h1 className="mt-1 text-2xl font-bold break-words">{user.name}</h1>
      <p className="mt-1 break-all text-gray-700">
        {user.role} · {user.email} · {user.phone}
        {user.businessName ? ` · ${user.businessName}` : ''}
      </p>
      <p className="mt-1 text-sm text-gray-700">
        Joined {when(user.createdAt)}.{' '}
        {user.lockedAt ? (
          <strong className="text-red-800">Locked since {when(user.lockedAt)}.</strong>
        ) : (
          'Can sign in.'
        )}
      </p>
      {done && !busy && (
        <div className="mt-4">
          <FormMessage type={done.ok ? 'success' : 'error'}>{done.message}</FormMessage>
        </div>
      )}

      <div className="mt-4 grid gap-4 lg:grid-cols-2">
        <section aria-labelledby="role-h" className="card p-4">
          <h2 id="role-h" className="text-lg font-bold">
            Role
          </h2>
          <Form method="post" className="mt-2 grid gap-3">
            <input type="hidden" name="intent" value="role" />
            <SelectBoxField id="role" label="New role" name="role" defaultValue={user.role}>
              {ROLES.map((r) => (
                <option key={r}>{r}</option>
              ))}
            </SelectBoxField>
            <PasswordAgain id="role-password" />
            <AuditNote id="role-note" />
            <button className="btn-primary" disabled={busy}>
              Change role
            </button>
          </Form>
        </section>

        <section aria-labelledby="access-h" className="card p-4">
          <h2 id="access-h" className="text-lg font-bold">
            Access
          </h2>
          {user.lockedAt ? (
            <Form method="post" className="mt-2 grid gap-3">
              <input type="hidden" name="intent" value="unlock" />
              <AuditNote id="unlock-note" />
              <button className="btn-primary" disabled={busy}>
                Unlock account
              </button>
            </Form>
          ) : (
            <Form method="post" className="mt-2 grid gap-3">
              <input type="hidden" name="intent" value="lock" />
              <AuditNote id="lock-note" />
              <ConfirmCheck
                id="lock-confirm"
                text="Lock this account: it cannot sign in and every session of it ends now."
              />
              <button className="btn-ghost border-red-600 text-red-800" disabled={busy}>
                Lock account
              </button>
            </Form>
          )}
          <Form method="post" className="mt-4 grid gap-3 border-t border-gray-200 pt-4">
            <input type="hidden" name="intent" value="reset" />
            <ConfirmCheck
              id="reset-confirm"
              text="Force a password reset: the old password stops working, sessions end and a reset link is e-mailed."
            />
            <button className="btn-ghost" disabled={busy}>
              Force password reset
            </button>
          </Form>
        </section>
      </div>

      <section aria-labelledby="sessions-h" className="card mt-4 p-4">
        <h2 id="sessions-h" className="text-lg font-bold">
          Sessions ({sessions.length})
        </h2>
        {sessions.length === 0 ? (
          <p className="mt-1 text-sm text-gray-700">Not signed in anywhere.</p>
        ) : (
          <>
            <ul className="mt-2 divide-y divide-gray-100">
              {sessions.map((s) => (
                <li key={s.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                  <span className="text-sm">
                    Signed in {when(s.createdAt)}, valid until {when(s.expiresAt)}
                  </span>
                  <Form method="post">
                    <input type="hidden" name="intent" value="endSession" />
                    <input type="hidden" name="sessionId" value={s.id} />
                    <button className="btn-ghost min-h-9 text-sm" disabled={busy}>
                      End this session
                    </button>
                  </Form>
                </li>
              ))}
            </ul>
            <Form method="post" className="mt-3 grid gap-2 sm:flex sm:items-center sm:gap-4">
              <input type="hidden" name="intent" value="endAll" />
              <ConfirmCheck id="end-all-confirm" text="Sign this account out everywhere." />
              <button className="btn-ghost" disabled={busy}>
                End all sessions
              </button>
            </Form>
          </>
        )}
      </section>

      <section aria-labelledby="audit-h" className="mt-4">
        <h2 id="audit-h" className="mb-2 text-lg font-bold">
          Staff actions
        </h2>
        <AuditTrail items={trail} />
      </section>
    </main>
  );
}
