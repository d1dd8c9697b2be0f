import { useEffect, useState, type FormEvent } from 'react';
import { Form, useNavigation, useRouteLoaderData } from 'react-router';
import { shareMeta } from '../lib/seo.ts';
import { redirect } from '../lib/redirect.ts';
import { ENGINE_PATTERN, normaliseVin, partsLinkFor, validateVin } from '@sf/shared';
import type { AuthUser, VinDecode } from '@sf/api/types';
import { serverApi } from '../lib/api.server.ts';
import { toQuery } from '../lib/api.ts';
import { AlertIcon, CheckIcon, InfoIcon, PartIcon } from '../components/icons.tsx';
import { MyCarsPicker } from '../components/my-cars-picker.tsx';
import { carLabel, fetchMyCars } from '../lib/my-cars.ts';
import type { Route } from './+types/vin-decoder';
import { Field } from '../components/form-field.tsx';
import { Link } from '../components/link.tsx';

export const meta: Route.MetaFunction = ({ data, matches }) => {
  const r = data?.result;
  const car =
    r && r.completeness !== 'none' ? [r.year, r.make, r.model].filter(Boolean).join(' ') : '';
  return shareMeta(matches, {
    title: car ? `${car} | VIN decoder` : 'VIN decoder',
    description:
      'Decode a vehicle identification number (VIN): make, model, year, engine and where it was built, then find the right spare parts for it.',
    path: '/vindecoder',
  });
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const raw = (new URL(request.url).searchParams.get('vin') ?? '').slice(0, 100);
  const api = serverApi(context);
  const cars = fetchMyCars(api);
  if (!raw.trim()) return { vin: '', error: null, result: null, cars: await cars };
  const check = validateVin(raw);
  if (!check.ok) return { vin: raw, error: check.reason, result: null, cars: await cars };
  const ans = await api.get<VinDecode>(`/api/vin/decode${toQuery({ vin: check.vin })}`);
  const result = ans.status && ans.items?.[0] ? ans.items[0] : null;
  return {
    vin: check.vin,
    error: result ? null : (ans.message ?? 'We could not decode this VIN. Please try again.'),
    result,
    cars: await cars,
  };
}

export const loginToSave = (vin: string) =>
  `/auth/login${toQuery({ redirectTo: `/vindecoder${toQuery({ vin })}`, message: 'Log in to save this car to your garage' })}`;

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const vin = normaliseVin(String(form.get('vin') ?? ''));
  const int = (k: string) => {
    const n = Number(form.get(k));
    return Number.isInteger(n) && n > 0 ? n : null;
  };
  const makeId = int('makeId');
  if (!makeId) return { ok: false, message: 'Decode the VIN first, then save the car.' };
  const ans = await serverApi(context).post('/api/garage', {
    vin,
    makeId,
    modelId: int('modelId'),
    year: int('year'),
    // The decoded engine size; a size the garage does not take (under 0.6 L) is left out.
    engine: ENGINE_PATTERN.test(String(form.get('engine') ?? ''))
      ? String(form.get('engine'))
      : undefined,
    nickname: String(form.get('nickname') ?? '').slice(0, 40) || undefined,
  });
  if (ans.httpStatus === 401) throw redirect(loginToSave(vin));
  return {
    ok: ans.status,
    message: ans.status
      ? 'Saved to your garage.'
      : (ans.message ?? 'We could not save this car. Please try again.'),
  };
}

const NOT_KNOWN = <span className="text-gray-500">Not in the data</span>;

function engineText(e: VinDecode['engine']): string | null {
  if (!e) return null;
  const parts = [
    e.cylinders ? `${e.cylinders} cylinders` : null,
    e.displacementL ? `${e.displacementL.toFixed(1)} L` : null,
    e.hp ? `${e.hp} hp` : null,
    e.model,
  ].filter(Boolean);
  return parts.length ? parts.join(' · ') : null;
}

function Results({ r }: { r: VinDecode }) {
  const rows: [string, string | number | null][] = [
    ['Make', r.make],
    ['Model', r.model],
    ['Year', r.year],
    ['Trim or series', r.trim],
    ['Body', r.body],
    ['Engine', engineText(r.engine)],
    ['Fuel', r.fuel],
    ['Transmission', r.transmission],
    ['Drive', r.driveType],
    ['Built in', [r.plantCity, r.plantCountry].filter(Boolean).join(', ') || null],
  ];
  // When only the maker is known, the empty rows would be noise.
  const shown =
    r.completeness === 'full' ? rows : rows.filter(([k, v]) => v !== null || k === 'Model');
  return (
    <table className="w-full text-left text-sm sm:text-base">
      <caption className="sr-only">What the VIN {r.vin} says</caption>
      <tbody className="divide-y divide-gray-100">
        {shown.map(([k, v]) => (
          <tr key={k}>
            <th scope="row" className="w-2/5 py-2 pr-3 align-top font-medium text-gray-600">
              {k}
            </th>
            <td className="py-2 align-top font-semibold">{v ?? NOT_KNOWN}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export default function VinDecoder({ loaderData, actionData }: Route.ComponentProps) {
  const { vin, error, result, cars } = loaderData;
  const saved = actionData;
  const root = useRouteLoaderData('root') as { user?: AuthUser } | undefined;
  const signedIn = Boolean(root?.user?.isauthenticated) || cars !== null;
  const nav = useNavigation();
  const [clientError, setClientError] = useState<string | null>(null);
  useEffect(() => setClientError(null), [vin]);
  const shownError = clientError ?? error;
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    const input = (e.currentTarget.elements.namedItem('vin') as HTMLInputElement).value;
    const check = validateVin(input);
    if (!check.ok) {
      e.preventDefault();
      setClientError(check.reason);
    } else setClientError(null);
  };
  const decoding = nav.state === 'loading' && nav.location?.pathname === '/vindecoder';
  const title = result
    ? carLabel({ year: result.year, make: result.make ?? '', model: result.model })
    : '';
  const checkWarning = result?.warnings.find((w) => w.code === 'CHECK_DIGIT');
  const otherWarnings = result?.warnings.filter((w) => w.code !== 'CHECK_DIGIT') ?? [];

  return (
    <main id="main" className="container-page max-w-3xl py-6">
      <h1 className="text-2xl font-bold">VIN decoder</h1>
      <p className="mt-1 text-gray-700">
        Enter your vehicle identification number to see its make, model, year and engine, then find
        parts that fit.
      </p>

      <Form
        method="get"
        action="/vindecoder"
        onSubmit={onSubmit}
        noValidate
        className="card mt-4 p-4"
      >
        <label htmlFor="vin" className="label">
          VIN (17 characters)
        </label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <input
            id="vin"
            name="vin"
            defaultValue={vin}
            key={vin}
            className="input font-mono uppercase tracking-wider"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={40}
            placeholder="e.g. 1HGCM82633A004352"
            aria-invalid={shownError ? true : undefined}
            aria-describedby={`vin-hint${shownError ? ' vin-error' : ''}${!shownError && checkWarning ? ' vin-warning' : ''}`}
          />
          <button type="submit" className="btn-primary shrink-0" disabled={decoding}>
            {decoding ? 'Decoding…' : 'Decode VIN'}
          </button>
        </div>
        {shownError && (
          <p
            id="vin-error"
            role="alert"
            className="mt-2 flex items-start gap-1.5 font-medium text-red-700"
          >
            <AlertIcon size={20} className="mt-0.5 shrink-0" aria-hidden="true" />
            {shownError}
          </p>
        )}
        {!shownError && checkWarning && (
          <p
            id="vin-warning"
            className="mt-2 flex items-start gap-1.5 rounded-lg bg-amber-50 p-2 text-amber-900"
          >
            <AlertIcon size={20} className="mt-0.5 shrink-0" aria-hidden="true" />
            <span>
              <strong>Check digit warning: </strong>
              {checkWarning.message}
            </span>
          </p>
        )}
        <p id="vin-hint" className="mt-2 text-sm text-gray-600">
          Where to find it: at the bottom corner of the windscreen on the driver's side, on the
          driver's door pillar, and on the vehicle papers (registration, customs papers or
          insurance). Letters I, O and Q are never used.
        </p>
      </Form>

      {result && (
        <section aria-labelledby="result-heading" className="card mt-4 p-4">
          <h2 id="result-heading" className="text-xl font-bold">
            {result.completeness === 'none' ? 'Vehicle not identified' : title}
          </h2>
          <p className="font-mono text-sm text-gray-600">{result.vin}</p>
          {result.checkDigit === 'ok' && (
            <p className="mt-1 flex items-center gap-1 text-sm text-brand-700">
              <CheckIcon size={16} aria-hidden="true" />
              Check digit is correct
            </p>
          )}
          {result.message && (
            <p className="mt-3 flex items-start gap-1.5 rounded-lg bg-brand-50 p-2 text-gray-800">
              <InfoIcon size={20} className="mt-0.5 shrink-0 text-brand-700" aria-hidden="true" />
              {result.message}
            </p>
          )}
          {otherWarnings.map((w) => (
            <p key={w.code} className="mt-2 text-sm text-amber-900">
              {w.message}
            </p>
          ))}
          <div className="mt-3">
            <Results r={result} />
          </div>

          {result.makeId && (
            <div className="mt-4 flex flex-col gap-3 border-t border-gray-100 pt-4 sm:flex-row sm:flex-wrap sm:items-end">
              <Link to={partsLinkFor(result)} className="btn-primary">
                <PartIcon size={20} aria-hidden="true" />
                Find parts for this car
              </Link>
              <Form
                key={saved?.ok ? `saved-${result.vin}` : result.vin}
                method="post"
                action={`/vindecoder${toQuery({ vin: result.vin })}`}
                className="flex flex-col gap-2 sm:flex-row sm:items-end"
              >
                <input type="hidden" name="vin" value={result.vin} />
                <input type="hidden" name="makeId" value={result.makeId} />
                {result.modelId && <input type="hidden" name="modelId" value={result.modelId} />}
                {result.year && <input type="hidden" name="year" value={result.year} />}
                {result.engine?.displacementL && (
                  <input
                    type="hidden"
                    name="engine"
                    value={result.engine.displacementL.toFixed(1)}
                  />
                )}
                {signedIn && (
                  <Field
                    name="nickname"
                    id="nickname"
                    label="Nickname (optional)"
                    className="flex-1"
                    maxLength={40}
                    placeholder="e.g. Daddy's Accord"
                  />
                )}
                <button type="submit" className="btn-ghost" disabled={nav.state === 'submitting'}>
                  Save to my garage
                </button>
              </Form>
              {!signedIn && (
                <p className="text-sm text-gray-600 sm:basis-full">
                  You will be asked to log in first; we bring you back here.
                </p>
              )}
              {saved && nav.state === 'idle' && (
                <p
                  role="status"
                  className={`sm:basis-full ${saved.ok ? 'text-brand-700' : 'text-red-700'}`}
                >
                  {saved.message}{' '}
                  {saved.ok && (
                    <Link to="/user/cars" className="font-semibold underline">
                      See my cars
                    </Link>
                  )}
                </p>
              )}
            </div>
          )}
        </section>
      )}

      <div className="mt-4">
        <MyCarsPicker cars={cars} />
      </div>
    </main>
  );
}
