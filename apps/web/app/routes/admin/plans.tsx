import { data, Form, useNavigation } from 'react-router';
import { requireAdmin } from '../../lib/admin.server.ts';
import { loadPlans, planAction } from '../../lib/admin-pricing.server.ts';
import { koboToInput } from '../../lib/seller.ts';
import { Field, FormMessage } from '../../components/form-field.tsx';
import type { Route } from './+types/plans';

export const meta: Route.MetaFunction = () => [
  { title: 'Admin: subscription plans | SpareFinder NG' },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return { plans: await loadPlans(context) };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(request, context);
  const r = await planAction(context, await request.formData());
  return data(r, { status: r.status });
}

const AUDIENCE = {
  store: 'Stores (products per store)',
  provider: 'Mechanics and tow vans (listings)',
};

export default function AdminPlans({ loaderData, actionData }: Route.ComponentProps) {
  const { plans } = loaderData;
  const done = actionData;
  const busy = useNavigation().state !== 'idle';
  return (
    <main id="main">
      <h1 className="text-2xl font-bold">Subscription plans</h1>
      <p className="mt-1 text-gray-700">
        A new price applies to the next payment; a new limit and a new boost apply at once.
      </p>
      {done && !busy && (
        <div className="mt-4">
          <FormMessage type={done.ok ? 'success' : 'error'}>{done.message}</FormMessage>
        </div>
      )}
      {(['store', 'provider'] as const).map((aud) => (
        <section key={aud} aria-labelledby={`${aud}-h`} className="mt-4">
          <h2 id={`${aud}-h`} className="text-lg font-bold">
            {AUDIENCE[aud]}
          </h2>
          <ul className="mt-2 space-y-3">
            {plans
              .filter((p) => p.audience === aud)
              .map((p) => (
                <li key={p.id} className="card p-4">
                  <p className="text-sm text-gray-700">
                    {p.code} · {p.subscribers} paying now
                  </p>
                  <Form method="post" className="mt-2 grid items-end gap-2 sm:grid-cols-5">
                    <input type="hidden" name="id" value={p.id} />
                    <Field
                      id={`name-${p.id}`}
                      label="Name"
                      name="name"
                      required
                      maxLength={40}
                      defaultValue={p.name}
                    />
                    <Field
                      id={`price-${p.id}`}
                      label="Price a month (naira)"
                      name="price"
                      inputMode="decimal"
                      defaultValue={koboToInput(p.priceKobo)}
                    />
                    <Field
                      id={`limit-${p.id}`}
                      label="Limit"
                      name="itemLimit"
                      inputMode="numeric"
                      defaultValue={p.itemLimit}
                    />
                    <Field
                      id={`boost-${p.id}`}
                      label="Placement boost"
                      name="rankBoost"
                      inputMode="numeric"
                      defaultValue={p.rankBoost}
                    />
                    <button className="btn-primary" disabled={busy}>
                      Save
                    </button>
                  </Form>
                </li>
              ))}
          </ul>
        </section>
      ))}
    </main>
  );
}
