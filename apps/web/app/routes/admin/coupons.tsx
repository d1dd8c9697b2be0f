import { data, Form, useNavigation } from 'react-router';
import { formatKobo } from '@sf/shared';
import { requireAdmin } from '../../lib/admin.server.ts';
import { couponAction, loadCoupons } from '../../lib/admin-pricing.server.ts';
import { koboToInput } from '../../lib/seller.ts';
import { Field, FormMessage, SelectBoxField } from '../../components/form-field.tsx';
import type { Route } from './+types/coupons';

export const meta: Route.MetaFunction = () => [{ title: 'Admin: coupons | SpareFinder NG' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return { coupons: await loadCoupons(context) };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(request, context);
  const r = await couponAction(context, await request.formData());
  return data(r, { status: r.status });
}

const day = (iso: string | null) => (iso ? iso.slice(0, 10) : '');

export default function AdminCoupons({ loaderData, actionData }: Route.ComponentProps) {
  const { coupons } = loaderData;
  const done = actionData;
  const busy = useNavigation().state !== 'idle';
  return (
    <main id="main">
      <h1 className="text-2xl font-bold">Coupons</h1>
      <p className="mt-1 text-gray-700">
        Platform-wide coupons: the platform pays their discount. Stores make their own.
      </p>
      {done && !busy && (
        <div className="mt-4">
          <FormMessage type={done.ok ? 'success' : 'error'}>{done.message}</FormMessage>
        </div>
      )}
      <section aria-labelledby="new-h" className="card mt-4 p-4">
        <h2 id="new-h" className="text-lg font-bold">
          New coupon
        </h2>
        <Form method="post" className="mt-2 grid gap-3 sm:grid-cols-3">
          <input type="hidden" name="intent" value="create" />
          <Field
            name="code"
            id="code"
            label="Code"
            inputClassName="uppercase"
            required
            maxLength={30}
          />
          <SelectBoxField id="kind" label="Discount" name="kind">
            <option value="percent">Percentage</option>
            <option value="fixed">Naira amount</option>
          </SelectBoxField>
          <Field
            name="value"
            id="value"
            label="Value (percent or naira)"
            required
            inputMode="decimal"
          />
          <Field name="minOrder" id="minOrder" label="Minimum order (naira)" inputMode="decimal" />
          <Field
            name="usageLimit"
            id="usageLimit"
            label="Usage limit (empty: none)"
            inputMode="numeric"
          />
          <Field
            name="perAccountLimit"
            id="perAccountLimit"
            label="Uses per account (empty: no limit)"
            inputMode="numeric"
            aria-describedby="per-person-hint"
          />
          <Field
            name="perPhoneLimit"
            id="perPhoneLimit"
            label="Uses per phone number (empty: no limit)"
            inputMode="numeric"
            aria-describedby="per-person-hint"
          />
          <p id="per-person-hint" className="text-sm text-gray-700 sm:col-span-3">
            A first-order coupon: 1 use per account and 1 per phone number. A use counts while its
            order is not cancelled.
          </p>
          <Field name="expiresAt" id="expiresAt" label="Expires (empty: never)" type="date" />
          <Field
            name="description"
            id="description"
            label="Description"
            className="sm:col-span-2"
            maxLength={200}
          />
          <button className="btn-primary self-end" disabled={busy}>
            Create coupon
          </button>
        </Form>
      </section>

      <h2 className="mt-6 text-lg font-bold">All coupons ({coupons.length})</h2>
      <ul className="mt-2 space-y-3">
        {coupons.map((c) => (
          <li key={c.id} className="card p-4">
            <p className="flex flex-wrap items-center gap-x-3">
              <span className="font-mono font-bold">{c.code}</span>
              <span>{c.label}</span>
              <span className="text-sm text-gray-700">
                {c.storeId ? `store ${c.storeId}` : 'every store'}
              </span>
              <span className="text-sm">
                used {c.usedCount}
                {c.usageLimit !== null ? ` of ${c.usageLimit}` : ''}
              </span>
              {c.perAccountLimit !== null && (
                <span className="text-sm">{c.perAccountLimit} per account</span>
              )}
              {c.perPhoneLimit !== null && (
                <span className="text-sm">{c.perPhoneLimit} per phone</span>
              )}
              {c.minOrderKobo > 0 && (
                <span className="text-sm">from {formatKobo(c.minOrderKobo)}</span>
              )}
              <span
                className={`text-sm font-semibold ${c.active ? 'text-brand-800' : 'text-red-800'}`}
              >
                {c.active ? 'Active' : 'Off'}
              </span>
            </p>
            <Form method="post" className="mt-2 grid items-end gap-2 sm:grid-cols-3">
              <input type="hidden" name="intent" value="update" />
              <input type="hidden" name="id" value={c.id} />
              <Field
                id={`limit-${c.id}`}
                label="Usage limit"
                name="usageLimit"
                inputMode="numeric"
                defaultValue={c.usageLimit ?? ''}
              />
              <Field
                id={`acct-${c.id}`}
                label="Uses per account"
                name="perAccountLimit"
                inputMode="numeric"
                defaultValue={c.perAccountLimit ?? ''}
              />
              <Field
                id={`phone-${c.id}`}
                label="Uses per phone number"
                name="perPhoneLimit"
                inputMode="numeric"
                defaultValue={c.perPhoneLimit ?? ''}
              />
              <Field
                id={`exp-${c.id}`}
                label="Expires"
                name="expiresAt"
                type="date"
                defaultValue={day(c.expiresAt)}
              />
              <Field
                id={`min-${c.id}`}
                label="Minimum order (naira)"
                name="minOrder"
                inputMode="decimal"
                defaultValue={koboToInput(c.minOrderKobo)}
              />
              <button className="btn-ghost" disabled={busy}>
                Save
              </button>
            </Form>
            <Form method="post" className="mt-2">
              <input type="hidden" name="intent" value="toggle" />
              <input type="hidden" name="id" value={c.id} />
              <input type="hidden" name="active" value={c.active ? 'false' : 'true'} />
              <button className="btn-ghost min-h-9 text-sm" disabled={busy}>
                {c.active ? 'Turn off' : 'Turn on'}
              </button>
            </Form>
          </li>
        ))}
      </ul>
    </main>
  );
}
