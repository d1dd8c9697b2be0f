import { data, Form } from 'react-router';
import {
  hasSessionCookie,
  PLACE_COOKIE,
  placeCookieValue,
  safeRedirectPath,
  type Option,
} from '@sf/shared';
import { serverApi } from '../lib/api.server.ts';
import { loadPlace } from '../lib/place.server.ts';
import { redirect } from '../lib/redirect.ts';
import { useStateCities } from '../lib/use-state-cities.ts';
import { SelectField } from '../components/select-field.tsx';
import type { Route } from './+types/place';
import { Link } from '../components/link.tsx';

// "Your state": chosen once, kept a year in this browser and, signed in, on the account, so
// parts, mechanics and tow-van lists start where the visitor is. A plain form: works without
// JavaScript (choosing a state and pressing Show cities lists that state's cities).

export const meta: Route.MetaFunction = () => [{ title: 'Your state | SpareFinder NG' }];

const YEAR = 365 * 24 * 3600;
const idOf = (v: FormDataEntryValue | string | null) =>
  typeof v === 'string' && /^\d{1,7}$/.test(v) && Number(v) > 0 ? Number(v) : null;

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = serverApi(context);
  const url = new URL(request.url);
  const place = await loadPlace(api, request, hasSessionCookie(request.headers.get('cookie')));
  // ?stateId= shows that state's cities (the no-JavaScript second step).
  const stateId = idOf(url.searchParams.get('stateId')) ?? place?.stateId ?? null;
  const [states, cities] = await Promise.all([
    api.lookup<Option<number>>('/api/database/states/NG'),
    stateId ? api.lookup<Option<number>>(`/api/database/cities/${stateId}`) : [],
  ]);
  return {
    place,
    states,
    cities,
    stateId,
    cityId: stateId === place?.stateId ? (place?.cityId ?? null) : null,
    next: safeRedirectPath(url.searchParams.get('next'), '/spares-parts'),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const api = serverApi(context);
  const form = await request.formData();
  const next = safeRedirectPath(form.get('next'), '/spares-parts');
  const clear = form.get('intent') === 'clear';
  const stateId = clear ? null : idOf(form.get('stateId'));
  const cityId = clear ? null : idOf(form.get('cityId'));
  if (!clear && !stateId) return data({ error: 'Choose your state' }, { status: 400 });
  if (!clear) {
    const [states, cities] = await Promise.all([
      api.lookup<Option<number>>('/api/database/states/NG'),
      cityId ? api.lookup<Option<number>>(`/api/database/cities/${stateId}`) : [],
    ]);
    if (!states.some((s) => s.value === stateId))
      return data({ error: 'Choose a state from the list' }, { status: 400 });
    if (cityId && !cities.some((c) => c.value === cityId))
      return data({ error: 'Choose a city of that state' }, { status: 400 });
  }
  // Signed in: the account keeps it too (so another phone starts there). A failure here still
  // keeps the choice in this browser.
  if (hasSessionCookie(request.headers.get('cookie')))
    await api.put('/api/user/place', { stateId, cityId });
  const cookie = stateId
    ? `${PLACE_COOKIE}=${placeCookieValue({ stateId, cityId })}; Path=/; Max-Age=${YEAR}; SameSite=Lax`
    : `${PLACE_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;
  const secure = new URL(request.url).protocol === 'https:' ? '; Secure' : '';
  return redirect(next, { status: 303, headers: { 'Set-Cookie': cookie + secure } });
}

export default function PlacePage({ loaderData, actionData }: Route.ComponentProps) {
  const d = loaderData;
  const result = actionData;
  const sc = useStateCities<number>({
    stateId: d.stateId ? String(d.stateId) : '',
    cityId: d.cityId ? String(d.cityId) : '',
    cities: d.cities,
  });
  return (
    <main id="main" className="container-page max-w-lg py-6">
      <h1 className="text-2xl font-bold">Where are you?</h1>
      <p className="mt-1 text-gray-700">
        Parts, mechanics and tow vans lists will show your state first. You can always widen a list
        to all Nigeria.
      </p>
      {d.place && (
        <p className="mt-3 text-sm">
          Now: <strong>{d.place.city ? `${d.place.city}, ${d.place.state}` : d.place.state}</strong>
        </p>
      )}
      <Form method="post" className="card mt-4 grid gap-3 p-4">
        <input type="hidden" name="next" value={d.next} />
        <SelectField
          name="stateId"
          label="State"
          placeholder="Choose your state"
          required
          options={d.states}
          value={sc.stateId}
          onChange={(v) => void sc.chooseState(v)}
          error={result?.error}
        />
        <SelectField
          name="cityId"
          label="City or area (optional)"
          placeholder={sc.cities.length ? 'Any city' : 'Choose a state first'}
          options={sc.cities}
          value={sc.cityId}
          onChange={sc.setCityId}
          disabled={!sc.cities.length}
        />
        <div className="flex flex-wrap gap-2">
          <button type="submit" className="btn-primary">
            Save
          </button>
          <noscript>
            <button type="submit" formMethod="get" formNoValidate className="btn-ghost">
              Show cities
            </button>
          </noscript>
          {d.place && (
            <button type="submit" name="intent" value="clear" className="btn-ghost" formNoValidate>
              Show all Nigeria instead
            </button>
          )}
          <Link to={d.next} className="btn-ghost">
            Cancel
          </Link>
        </div>
      </Form>
    </main>
  );
}
