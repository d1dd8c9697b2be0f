import { data, Form } from 'react-router';
import type { SignalItem } from '@sf/api/types';
import { requireAdmin } from '../../lib/admin.server.ts';
import { formStatus, serverApi, throwUnlessOk } from '../../lib/api.server.ts';
import { field } from '../../lib/auth.server.ts';
import type { Route } from './+types/signals';
import { Field } from '../../components/form-field.tsx';
import { Link } from '../../components/link.tsx';

export const meta: Route.MetaFunction = () => [
  { title: 'Admin: listings to check | SpareFinder NG' },
];

const KIND_LABEL: Record<SignalItem['kind'], string> = {
  make_mismatch: 'Genuine claim of another make',
  part_number_mismatch: 'Part number of another make',
  low_price: 'Price far below the others',
};

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const url = new URL(request.url);
  const status = url.searchParams.get('status') === 'cleared' ? 'cleared' : 'open';
  const lastId = url.searchParams.get('lastId');
  const ans = await serverApi(context).get(
    `/api/admin/signals?status=${status}${lastId && /^\d{1,9}$/.test(lastId) ? `&lastId=${lastId}` : ''}`,
  );
  throwUnlessOk(ans, { what: 'Listings to check' });
  return { status, items: ans.items, lastId: ans.lastId };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(request, context);
  const form = await request.formData();
  const api = serverApi(context);
  if (field(form, 'intent') === 'scan') {
    const ans = await api.post('/api/admin/signals/scan');
    return ans.status
      ? { message: 'Every listing is being checked: reload in a minute.', ok: true }
      : data({ message: ans.message ?? 'Not started', ok: false }, { status: formStatus(ans) });
  }
  const id = Number(field(form, 'id'));
  if (!Number.isSafeInteger(id) || id <= 0)
    return data({ message: 'Choose a listing', ok: false }, { status: 400 });
  const ans = await api.post(`/api/admin/signals/${id}/clear`, { note: field(form, 'note') });
  return ans.status
    ? { message: 'Cleared', ok: true }
    : data({ message: ans.message ?? 'Not cleared', ok: false }, { status: formStatus(ans) });
}

export default function AdminSignals({ loaderData, actionData }: Route.ComponentProps) {
  const { status, items, lastId } = loaderData;
  const said = actionData;
  return (
    <main id="main" className="space-y-4">
      <h1 className="text-2xl font-bold">Listings to check</h1>
      <p className="text-sm text-gray-700">
        A listing is marked when it says ‘Genuine Toyota’ (or ‘OEM Toyota’) but fits only cars of
        other makes; when its part number is another maker’s (by a format only that maker uses, or
        because other listings of the number fit that maker’s cars only); or when its price is under
        40% of the median of the active listings of the same part number (with at least 6 of them),
        else of its category (with at least 6). It stays on sale. Look at it, hold the product or
        talk to the seller if something is wrong; clear it when it is fine. A cleared mark comes
        back only if the listing changes.
      </p>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <Link
          to="/admin/signals"
          className={status === 'open' ? 'btn-primary' : 'btn-ghost'}
          aria-current={status === 'open' ? 'page' : undefined}
        >
          To check
        </Link>
        <Link
          to="/admin/signals?status=cleared"
          className={status === 'cleared' ? 'btn-primary' : 'btn-ghost'}
          aria-current={status === 'cleared' ? 'page' : undefined}
        >
          Cleared
        </Link>
        <Form method="post" className="ml-auto">
          <input type="hidden" name="intent" value="scan" />
          <button type="submit" className="btn-ghost">
            Check every listing again
          </button>
        </Form>
      </div>
      {said?.message && (
        <p
          role={said.ok ? 'status' : 'alert'}
          className={`text-sm font-medium ${said.ok ? 'text-brand-800' : 'text-red-800'}`}
        >
          {said.message}
        </p>
      )}
      {items.length === 0 ? (
        <p className="card p-4 text-sm text-gray-700">
          {status === 'open' ? 'Nothing to check.' : 'Nothing cleared yet.'}
        </p>
      ) : (
        <ul className="space-y-3" data-testid="signals">
          {items.map((s) => (
            <li key={s.id} className="card space-y-2 p-4" data-testid="signal">
              <p className="text-xs font-bold uppercase tracking-wide text-amber-800">
                {KIND_LABEL[s.kind]}
              </p>
              <p className="font-semibold">
                <Link to={`/admin/products/${s.productId}`} className="text-brand-800 underline">
                  {s.productName}
                </Link>{' '}
                <span className="text-sm font-normal text-gray-700">
                  from{' '}
                  <Link to={`/store/${s.storeUrl}`} className="underline">
                    {s.storeName}
                  </Link>
                  {!s.active && ' · not on sale'}
                </span>
              </p>
              <p className="text-sm text-gray-800">{s.detail}</p>
              {status === 'open' && (
                <Form method="post" className="flex flex-wrap items-end gap-2">
                  <input type="hidden" name="id" value={s.id} />
                  <Field
                    className="min-w-0 flex-1"
                    id={`note-${s.id}`}
                    label="What you checked"
                    name="note"
                    minLength={3}
                    maxLength={300}
                    required
                  />
                  <button type="submit" className="btn-ghost">
                    Clear
                  </button>
                </Form>
              )}
            </li>
          ))}
        </ul>
      )}
      {lastId && (
        <Link
          to={`/admin/signals?status=${status}&lastId=${lastId}`}
          className="btn-ghost inline-flex"
        >
          Older
        </Link>
      )}
    </main>
  );
}
