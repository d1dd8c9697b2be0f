import {
  Form,
  Link,
  useActionData,
  useLoaderData,
  useNavigation,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from 'react-router';
import { redirect } from '../../lib/redirect.ts';
import { GARAGE_MAX_CARS } from '@sf/shared';
import type { GarageCar } from '@sf/api/types';
import { serverApi } from '../../lib/api.server.ts';
import { toQuery } from '../../lib/api.ts';
import { MyCarsPicker } from '../../components/my-cars-picker.tsx';
import { carLabel } from '../../lib/my-cars.ts';

export const meta: MetaFunction = () => [{ title: 'My cars | SpareFinder NG' }];

const login = () => `/auth/login${toQuery({ redirectTo: '/user/cars' })}`;

/** The buyer's saved cars ('my garage'). Guests go to log in (the API answers 401). */
export async function loader({ context }: LoaderFunctionArgs) {
  const ans = await serverApi(context).get<GarageCar>('/api/garage');
  if (ans.httpStatus === 401) throw redirect(login());
  return {
    cars: ans.status ? (ans.items ?? []) : [],
    error: ans.status ? null : (ans.message ?? null),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const id = String(form.get('id') ?? '');
  if (!/^[0-9a-f-]{36}$/i.test(id)) return { ok: false, message: 'Choose a car to remove.' };
  const ans = await serverApi(context).del(`/api/garage/${id}`);
  if (ans.httpStatus === 401) throw redirect(login());
  return {
    ok: ans.status,
    message: ans.status
      ? 'Removed from your garage.'
      : (ans.message ?? 'We could not remove this car.'),
  };
}

export default function UserCars() {
  const { cars, error } = useLoaderData<typeof loader>();
  const done = useActionData<typeof action>();
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
        <p role="status" className={`mt-3 ${done.ok ? 'text-brand-700' : 'text-red-700'}`}>
          {done.message}
        </p>
      )}
      <div className="mt-4">
        <MyCarsPicker
          cars={shown}
          heading="Your saved cars"
          empty={
            <>
              No car saved yet.{' '}
              <Link to="/vindecoder" className="font-semibold text-brand-700 underline">
                Decode your VIN
              </Link>{' '}
              and save the car.
            </>
          }
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
      <p className="mt-4">
        <Link to="/vindecoder" className="btn-primary">
          Add a car from its VIN
        </Link>
      </p>
    </main>
  );
}
