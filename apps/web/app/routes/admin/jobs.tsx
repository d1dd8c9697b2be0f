import { data, Form } from 'react-router';
import { requireAdmin } from '../../lib/admin.server.ts';
import { formStatus, serverApi } from '../../lib/api.server.ts';
import { field } from '../../lib/auth.server.ts';
import { plural } from '@sf/shared';
import type { Route } from './+types/jobs';

export const meta: Route.MetaFunction = () => [{ title: 'Admin: failed jobs | SpareFinder NG' }];

const JOB_ID = /^[0-9a-f-]{36}$/i;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const ans = await serverApi(context).get('/api/admin/jobs/failed');
  // An outage is said as one, never shown as "nothing failed".
  if (!ans.status) return { items: [], error: ans.message ?? 'The list could not be loaded' };
  return { items: ans.items, error: null };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(request, context);
  const form = await request.formData();
  const id = field(form, 'id');
  if (!JOB_ID.test(id)) return data({ message: 'Choose a job', ok: false }, { status: 400 });
  const api = serverApi(context);
  const ans =
    field(form, 'intent') === 'discard'
      ? await api.del(`/api/admin/jobs/${id}`)
      : await api.post(`/api/admin/jobs/${id}/retry`);
  return ans.status
    ? { message: ans.message ?? 'Done', ok: true }
    : data({ message: ans.message ?? 'Not done', ok: false }, { status: formStatus(ans) });
}

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-NG', {
    timeZone: 'Africa/Lagos',
    dateStyle: 'medium',
    timeStyle: 'short',
  });

export default function AdminJobs({ loaderData, actionData }: Route.ComponentProps) {
  const { items, error } = loaderData;
  const said = actionData;
  return (
    <main id="main" className="space-y-4">
      <h1 className="text-2xl font-bold">Failed jobs</h1>
      <p className="text-sm text-gray-700">
        Background work (mails, payouts checks, refunds, imports) that failed every attempt. Retry
        once the cause is fixed (a mail server back, a Paystack outage over); discard what should
        not run any more. Both are written to the audit log.
      </p>
      {said?.message && (
        <p
          role={said.ok ? 'status' : 'alert'}
          className={`text-sm font-medium ${said.ok ? 'text-brand-800' : 'text-red-800'}`}
        >
          {said.message}
        </p>
      )}
      {error ? (
        <p role="alert" className="card p-4 text-sm font-medium text-red-800">
          {error}
        </p>
      ) : items.length === 0 ? (
        <p className="card p-4 text-sm text-gray-700">No job has failed.</p>
      ) : (
        <ul className="space-y-3" data-testid="failed-jobs">
          {items.map((j) => (
            <li key={j.id} className="card space-y-2 p-4">
              <p className="font-semibold">
                {j.kind}{' '}
                <span className="text-sm font-normal text-gray-700">
                  failed {when(j.failedAt)} after {plural(j.attempts, 'attempt')}
                </span>
              </p>
              {j.lastError && <p className="break-words text-sm text-red-800">{j.lastError}</p>}
              <pre className="overflow-x-auto rounded bg-gray-50 p-2 text-xs">
                {JSON.stringify(j.payload)}
              </pre>
              <div className="flex gap-2">
                <Form method="post">
                  <input type="hidden" name="id" value={j.id} />
                  <button type="submit" name="intent" value="retry" className="btn-primary">
                    Retry
                  </button>
                </Form>
                <Form method="post">
                  <input type="hidden" name="id" value={j.id} />
                  <button type="submit" name="intent" value="discard" className="btn-ghost">
                    Discard
                  </button>
                </Form>
              </div>
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
