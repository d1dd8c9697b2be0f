import { data, Form, useNavigation, useSearchParams } from 'react-router';
import { redirect } from '../../lib/redirect.ts';
import { ENGINE_SIZES, GARAGE_MAX_CARS, type Option } from '@sf/shared';
import type { GarageCar } from '@sf/api/types';
import { formStatus, serverApi } from '../../lib/api.server.ts';
import { toQuery } from '../../lib/api.ts';
import { MyCarsPicker } from '../../components/my-cars-picker.tsx';
import { carLabel } from '../../lib/my-cars.ts';
import type { Route } from './+types/cars';
import { Field, SelectBoxField } from '../../components/form-field.tsx';
import { Link } from '../../components/link.tsx';

export const meta: Route.MetaFunction = () => [{ title: 'My cars | SpareFinder NG' }];

const login = () => `/auth/login${toQuery({ redirectTo: '/user/cars' })}`;
const idOf = (v: FormDataEntryValue | string | null | undefined) =>
  typeof v === 'string' && /^\d{1,9}$/.test(v) && v !== '0' ? Number(v) : null;

/**
 * The buyer's saved cars ('my garage') and the car pickers: make, then its models, then the
 * model's years, read from the address (?makeId=&modelId=) so that without JavaScript each
 * choice reloads the page with the next list. Guests go to log in (the API answers 401).
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const api = serverApi(context);
  const ans = await api.get<GarageCar>('/api/garage');
  if (ans.httpStatus === 401) throw redirect(login());
  const makes = await api.lookup<Option<number>>('/api/database/cars/make');
  const makeId = makes.some((m) => m.value === idOf(url.searchParams.get('makeId')))
    ? idOf(url.searchParams.get('makeId'))
    : null;
  const models = makeId
    ? await api.lookup<Option<number>>(`/api/database/cars/model/${makeId}`)
    : [];
  // A model of another make (the make changed without JavaScript) is dropped, not trusted.
  const modelId = models.some((m) => m.value === idOf(url.searchParams.get('modelId')))
    ? idOf(url.searchParams.get('modelId'))
    : null;
  const years = modelId
    ? await api.lookup<Option<number>>(`/api/database/cars/year/${modelId}`)
    : [];
  return {
    cars: ans.status ? (ans.items ?? []) : [],
    error: ans.status ? null : (ans.message ?? null),
    pick: { makes, makeId, models, modelId, years },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const api = serverApi(context);
  if (form.get('intent') === 'add') {
    const engine = String(form.get('engine') ?? '').trim();
    const nickname = String(form.get('nickname') ?? '').trim();
    const makeId = idOf(form.get('makeId'));
    if (!makeId)
      return data({ ok: false, added: false, message: 'Choose the make of your car.' }, 400);
    const ans = await api.post('/api/garage', {
      makeId,
      modelId: idOf(form.get('modelId')),
      year: idOf(form.get('year')),
      ...(engine ? { engine } : {}),
      ...(nickname ? { nickname } : {}),
    });
    if (ans.httpStatus === 401) throw redirect(login());
    if (!ans.status)
      return data(
        { ok: false, added: false, message: ans.message ?? 'We could not save this car.' },
        { status: formStatus(ans) },
      );
    const car = (ans.items as GarageCar[])[0];
    return { ok: true, added: true, message: `${carLabel(car)} is saved to your garage.` };
  }
  const id = String(form.get('id') ?? '');
  if (!/^[0-9a-f-]{36}$/i.test(id))
    return { ok: false, added: false, message: 'Choose a car to remove.' };
  const ans = await api.del(`/api/garage/${id}`);
  if (ans.httpStatus === 401) throw redirect(login());
  return {
    ok: ans.status,
    added: false,
    message: ans.status
      ? 'Removed from your garage.'
      : (ans.message ?? 'We could not remove this car.'),
  };
}

type Pick = Awaited<ReturnType<typeof loader>>['pick'];

/**
 * Make, model, year and engine. The make and model are a GET form (each choice lists the next:
 * with JavaScript at once, without it through 'Show models' / 'Show years'); year, engine and
 * a name go with the POST that saves the car. A VIN is not needed.
 */
function AddCar({ pick, busy, saved }: { pick: Pick; busy: boolean; saved: boolean }) {
  const [, setParams] = useSearchParams();
  const choose = (next: Record<string, string>) =>
    setParams(next, { replace: true, preventScrollReset: true });
  return (
    <section aria-labelledby="add-car" className="card mt-6 space-y-3 p-4" data-testid="add-car">
      <h2 id="add-car" className="text-lg font-bold">
        Add a car
      </h2>
      <p className="text-sm text-gray-700">
        Choose the make, model and year. No VIN needed; the engine helps sellers check the part.
      </p>
      <Form method="get" className="grid gap-3 sm:grid-cols-2" aria-label="Make and model">
        <SelectBoxField
          id="car-make"
          label="Make"
          name="makeId"
          defaultValue={pick.makeId ?? ''}
          key={`make${pick.makeId}`}
          onChange={(e) => choose(e.target.value ? { makeId: e.target.value } : {})}
        >
          <option value="">Choose the make</option>
          {pick.makes.map((m) => (
            <option key={m.value} value={m.value}>
              {m.label}
            </option>
          ))}
        </SelectBoxField>
        <SelectBoxField
          id="car-model"
          label="Model"
          name="modelId"
          defaultValue={pick.modelId ?? ''}
          key={`model${pick.makeId}-${pick.modelId}`}
          disabled={pick.models.length === 0}
          onChange={(e) =>
            choose({
              makeId: String(pick.makeId ?? ''),
              ...(e.target.value ? { modelId: e.target.value } : {}),
            })
          }
        >
          <option value="">{pick.makeId ? 'Choose the model' : 'Choose the make first'}</option>
          {pick.models.map((m) => (
            <option key={m.value} value={m.value}>
              {m.label}
            </option>
          ))}
        </SelectBoxField>
        <noscript>
          <button type="submit" className="btn-ghost">
            {pick.makeId ? 'Show years' : 'Show models'}
          </button>
        </noscript>
      </Form>
      <Form method="post" className="grid gap-3 sm:grid-cols-2" key={saved ? 'saved' : 'form'}>
        <input type="hidden" name="intent" value="add" />
        <input type="hidden" name="makeId" value={pick.makeId ?? ''} />
        <input type="hidden" name="modelId" value={pick.modelId ?? ''} />
        <SelectBoxField
          id="car-year"
          label="Year"
          name="year"
          defaultValue=""
          key={`year${pick.modelId}`}
          disabled={pick.years.length === 0}
        >
          <option value="">{pick.modelId ? 'Choose the year' : 'Choose the model first'}</option>
          {pick.years.map((y) => (
            <option key={y.value} value={y.value}>
              {y.label}
            </option>
          ))}
        </SelectBoxField>
        <SelectBoxField id="car-engine" label="Engine (optional)" name="engine" defaultValue="">
          <option value="">I don&apos;t know</option>
          {ENGINE_SIZES.map((e) => (
            <option key={e} value={e}>
              {e} litre
            </option>
          ))}
        </SelectBoxField>
        <Field
          name="nickname"
          id="car-nickname"
          label="Name it (optional)"
          className="sm:col-span-2"
          maxLength={40}
          placeholder="Mummy's car"
        />
        <button
          type="submit"
          className="btn-primary sm:col-span-2"
          disabled={busy || !pick.makeId}
          data-testid="save-car"
        >
          Save this car
        </button>
      </Form>
    </section>
  );
}

export default function UserCars({ loaderData, actionData }: Route.ComponentProps) {
  const { cars, error, pick } = loaderData;
  const done = actionData;
  const nav = useNavigation();
  // Hide the car being removed at once; the list and the message settle when the page revalidates.
  const removing = nav.formData?.get('id');
  const shown = removing ? cars.filter((c) => c.id !== removing) : cars;
  return (
    <main id="main" className="container-page max-w-3xl py-6">
      <h1 className="text-2xl font-bold">My cars</h1>
      <p className="mt-1 text-gray-700">
        Keep up to {GARAGE_MAX_CARS} cars here and find parts that fit each one in one tap.
      </p>
      {error && (
        <p role="alert" className="mt-3 text-red-700">
          {error}
        </p>
      )}
      {done && nav.state === 'idle' && (
        <p
          role={done.ok ? 'status' : 'alert'}
          className={`mt-3 ${done.ok ? 'text-brand-700' : 'text-red-700'}`}
        >
          {done.message}
        </p>
      )}
      <div className="mt-4">
        <MyCarsPicker
          cars={shown}
          heading="Your saved cars"
          empty={<>No car saved yet. Add one below: the make, model and year are enough.</>}
          actions={(car) => (
            <Form method="post">
              <input type="hidden" name="id" value={car.id} />
              <button
                type="submit"
                className="btn-ghost text-sm text-red-700"
                aria-label={`Remove ${carLabel(car)}`}
                disabled={nav.state === 'submitting'}
              >
                Remove
              </button>
            </Form>
          )}
        />
      </div>
      <AddCar pick={pick} busy={nav.state === 'submitting'} saved={!!done?.added} />
      <p className="mt-4 text-sm text-gray-700">
        Know the VIN?{' '}
        <Link to="/vindecoder" className="font-semibold text-brand-700 underline">
          Add a car from its VIN
        </Link>
        : the decoder reads the make, model, year and engine for you.
      </p>
    </main>
  );
}
