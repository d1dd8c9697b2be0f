import { useEffect, useState, type FormEvent } from 'react';
import { Form, useNavigation, useRevalidator, useSearchParams } from 'react-router';
import type { GarageCar } from '@sf/api/types';
import type { Option } from '@sf/shared';
import { browserApi } from '../../lib/api.ts';
import { serverApi, formStatus } from '../../lib/api.server.ts';
import { redirect } from '../../lib/redirect.ts';
import { data } from 'react-router';
import { loadRequestForm, loginUnless } from '../../lib/requests.server.ts';
import {
  KIND_LABEL,
  STATUS_LABEL,
  URGENCY_LABEL,
  INCOMING_PATH,
  requestPath,
  requestKindOf,
  requestTitle,
  type RequestItem,
  type RequestKind,
} from '../../lib/requests.ts';
import { carLabel } from '../../lib/my-cars.ts';
import { SelectField } from '../../components/select-field.tsx';
import {
  REQUEST_OFFLINE_NOTE,
  keepRequest,
  onRequestSent,
  requestBodyOf,
  sendWaitingRequests,
  waitingRequests,
  type Outcome,
  type Waiting,
} from '../../lib/request-outbox.ts';
import type { Route } from './+types/new-request';
import { Field, SelectBoxField, TextAreaField } from '../../components/form-field.tsx';
import { Link } from '../../components/link.tsx';

export const meta: Route.MetaFunction = () => [{ title: 'Broadcast a request | SpareFinder NG' }];

const LAGOS = 25;
const intOf = (v: string | null | undefined) => (v && /^\d{1,9}$/.test(v) ? Number(v) : null);

/** /broadcast: ask the matching stores, mechanics or tow vans at once; my requests below. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const api = serverApi(context);
  const url = new URL(request.url);
  const stateId = intOf(url.searchParams.get('stateId')) ?? LAGOS;
  const [mine, cars, form] = await Promise.all([
    api.get<RequestItem>('/api/requests'),
    api.get<GarageCar>('/api/garage'),
    loadRequestForm(api, stateId),
  ]);
  loginUnless(mine, '/broadcast');
  return {
    stateId,
    // Links from the mechanics and tow-van lists open the form on their kind.
    kind: requestKindOf(url.searchParams.get('kind')),
    form,
    cars: cars.status ? (cars.items ?? []) : [],
    mine: mine.status ? (mine.items ?? []) : [],
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const body = requestBodyOf(await request.formData());
  const ans = await serverApi(context).post<never>('/api/requests', body);
  loginUnless(ans, '/broadcast');
  if (ans.status) throw redirect(requestPath((ans.item as RequestItem).id), 303);
  return data(
    { message: ans.message ?? 'We could not send your request. Please try again.' },
    { status: formStatus(ans) },
  );
}

/**
 * The make, then its models, loaded in the browser when a make is chosen. Without JavaScript
 * the model list stays at 'Any model': the make and the year are enough to match.
 */
function MakeAndModel({ makes }: { makes: Option<number>[] }) {
  const [models, setModels] = useState<Option<number>[]>([]);
  const [loading, setLoading] = useState(false);
  const chooseMake = async (makeId: string) => {
    setModels([]);
    if (!makeId) return;
    setLoading(true);
    setModels(await browserApi.lookup<Option<number>>(`/api/database/cars/model/${makeId}`));
    setLoading(false);
  };
  return (
    <>
      <SelectBoxField
        label="Make"
        name="makeId"
        defaultValue=""
        onChange={(e) => void chooseMake(e.target.value)}
      >
        <option value="">Choose the make</option>
        {makes.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </SelectBoxField>
      <SelectBoxField label="Model" name="modelId" defaultValue="">
        <option value="">{loading ? 'Loading models…' : 'Any model'}</option>
        {models.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </SelectBoxField>
    </>
  );
}

/**
 * Requests written without signal (decision 0028): the form keeps them in the phone's outbox
 * instead of posting, and they are sent once the signal returns, by this page (on `online`,
 * and every 5 s while one waits) or by the service worker (Background Sync), whichever comes
 * first: each is claimed before sending, and its client key makes it one request anyway.
 */
function useOfflineRequests() {
  const { revalidate } = useRevalidator();
  const [waiting, setWaiting] = useState<Waiting[]>([]);
  const [told, setTold] = useState<Outcome[]>([]);
  const [refresh, setRefresh] = useState<() => Promise<unknown>>(() => async () => undefined);
  useEffect(() => {
    let live = true;
    const reload = async () => {
      const w = await waitingRequests();
      if (live) setWaiting(w);
      return w;
    };
    const done = (outs: Outcome[]) => {
      if (!live || outs.length === 0) return;
      const keys = new Set(outs.map((o) => o.key));
      setTold((t) => [...t.filter((x) => !keys.has(x.key)), ...outs]);
      // The sent request joins "My requests".
      if (outs.some((o) => o.ok)) void revalidate();
    };
    const send = async () => {
      if (navigator.onLine && (await reload()).length > 0) done(await sendWaitingRequests());
      await reload();
    };
    setRefresh(() => reload);
    void send();
    const off = onRequestSent((o) => {
      done([o]);
      void reload();
    });
    const online = () => void send();
    window.addEventListener('online', online);
    const timer = window.setInterval(online, 5_000);
    return () => {
      live = false;
      off();
      window.removeEventListener('online', online);
      window.clearInterval(timer);
    };
    // Once per page: the router's revalidate does not change between renders.
  }, []);
  return { waiting, told, refresh };
}

export default function NewRequest({ loaderData, actionData }: Route.ComponentProps) {
  const { form, cars, mine, stateId, kind: asked } = loaderData;
  const failed = actionData;
  const nav = useNavigation();
  const [, setParams] = useSearchParams();
  const [kind, setKind] = useState<RequestKind>(asked);
  const [where, setWhere] = useState<{ lat: number; lng: number } | null>(null);
  const [locating, setLocating] = useState('');
  const { waiting, told, refresh } = useOfflineRequests();
  const [keptError, setKeptError] = useState('');
  // No signal: the request waits in the outbox instead of failing to post.
  const keepOffline = (e: FormEvent<HTMLFormElement>) => {
    if (navigator.onLine) return;
    e.preventDefault();
    const form = e.currentTarget;
    setKeptError('');
    void keepRequest(requestBodyOf(new FormData(form)))
      .then(async () => {
        form.reset();
        setKind(asked);
        setWhere(null);
        await refresh();
      })
      .catch(() =>
        setKeptError(
          'No signal, and this phone could not keep your request: try again with signal.',
        ),
      );
  };
  const locate = () => {
    if (!navigator.geolocation) return setLocating('This phone cannot share its location.');
    setLocating('Finding you…');
    navigator.geolocation.getCurrentPosition(
      (p) => {
        setWhere({ lat: p.coords.latitude, lng: p.coords.longitude });
        setLocating('Location added.');
      },
      () => setLocating('Location not shared: the city and street are enough.'),
      { timeout: 10_000 },
    );
  };
  const show = (k: typeof kind) => kind === k;
  return (
    <main id="main" className="container-page max-w-3xl py-6">
      <h1 className="text-2xl font-bold">Broadcast a request</h1>
      <p className="mt-1 text-gray-700">
        Tell the stores, mechanics and tow vans near you what you need. Matching ones answer with
        offers; you compare and accept one. A request stays open for 72 hours.
      </p>
      <p className="mt-1 text-sm">
        A store, workshop or tow van?{' '}
        <Link to={INCOMING_PATH} className="text-brand-700 underline">
          Requests near you
        </Link>
      </p>
      {failed?.message && (
        <p role="alert" className="mt-3 text-red-700">
          {failed.message}
        </p>
      )}
      {keptError && (
        <p role="alert" className="mt-3 text-red-700">
          {keptError}
        </p>
      )}
      {/* Changing the state lists its cities: a GET form, so it works before JavaScript loads. */}
      <Form method="get" className="mt-4 flex items-end gap-2" aria-label="Choose the state">
        <SelectBoxField
          className="flex-1"
          id="f-state-pick"
          label="State"
          name="stateId"
          defaultValue={stateId}
          onChange={(e) =>
            setParams(
              { stateId: e.target.value, kind },
              { replace: true, preventScrollReset: true },
            )
          }
        >
          {form.states.map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </SelectBoxField>
        <input type="hidden" name="kind" value={kind} />
        <noscript>
          <button type="submit" className="btn-ghost">
            Show its cities
          </button>
        </noscript>
      </Form>

      <Form
        method="post"
        className="mt-4 space-y-4"
        data-testid="request-form"
        onSubmit={keepOffline}
      >
        <input type="hidden" name="stateId" value={stateId} />
        <fieldset>
          <legend className="label">What do you need?</legend>
          <div className="flex flex-wrap gap-3">
            {(['part', 'mechanic', 'tow'] as const).map((k) => (
              <label key={k} className="flex items-center gap-2">
                <input
                  type="radio"
                  name="kind"
                  value={k}
                  defaultChecked={k === asked}
                  onChange={() => setKind(k)}
                />
                {KIND_LABEL[k]}
              </label>
            ))}
          </div>
        </fieldset>
        <div className={show('part') ? '' : 'hidden'}>
          <SelectField
            name="catId"
            label="Part"
            options={form.categories}
            placeholder="Choose the part"
          />
        </div>
        <div className={show('mechanic') ? '' : 'hidden'}>
          <SelectField
            name="specialityId"
            label="Mechanic job"
            options={form.specialities}
            placeholder="Choose the job"
          />
        </div>
        <div className={show('tow') ? '' : 'hidden'}>
          <SelectField name="towCapacityId" label="Tow capacity" options={form.towCapacities} />
        </div>
        <div className={show('part') ? 'hidden' : ''}>
          <SelectField name="vehicleTypeId" label="Vehicle type" options={form.vehicleTypes} />
        </div>

        <fieldset className="space-y-3 rounded-lg border border-gray-200 p-3">
          <legend className="label px-1">The vehicle</legend>
          {cars.length > 0 && (
            <SelectBoxField label="One of my cars" name="garageCarId" defaultValue="">
              <option value="">Another car (below)</option>
              {cars.map((c) => (
                <option key={c.id} value={c.id}>
                  {carLabel(c)}
                </option>
              ))}
            </SelectBoxField>
          )}
          <div className="grid gap-3 sm:grid-cols-2">
            <MakeAndModel makes={form.makes} />
            <Field name="year" label="Year" inputMode="numeric" pattern="\d{4}" />
            <Field name="vin" label="VIN (optional)" maxLength={40} />
          </div>
        </fieldset>

        <fieldset className="space-y-3 rounded-lg border border-gray-200 p-3">
          <legend className="label px-1">Where</legend>
          <SelectField name="cityId" label="City or area" options={form.cities} />
          <Field name="street" label="Street or landmark (optional)" maxLength={200} />
          {where && (
            <>
              <input type="hidden" name="lat" value={where.lat} />
              <input type="hidden" name="lng" value={where.lng} />
            </>
          )}
          <button type="button" className="btn-ghost text-sm" onClick={locate}>
            Use my phone&apos;s location
          </button>
          {locating && (
            <p role="status" className="text-sm text-gray-700">
              {locating}
            </p>
          )}
        </fieldset>

        <TextAreaField
          name="description"
          label="Describe it"
          required
          minLength={5}
          maxLength={1000}
          rows={4}
          placeholder="Front brake pads, the car squeals when braking"
        />
        <SelectBoxField label="How soon" name="urgency" defaultValue="week">
          {Object.entries(URGENCY_LABEL).map(([v, l]) => (
            <option key={v} value={v}>
              {l}
            </option>
          ))}
        </SelectBoxField>
        <button type="submit" className="btn-primary w-full" disabled={nav.state === 'submitting'}>
          Send my request
        </button>
      </Form>
      {/* Under the button that made them: a request kept on this phone, and what became of it. */}
      {waiting.length > 0 && (
        <div
          role="status"
          data-testid="request-waiting"
          className="mt-3 rounded-[var(--radius-card)] border border-amber-400 bg-amber-50 p-3 text-sm text-amber-900"
        >
          <p className="font-semibold">{REQUEST_OFFLINE_NOTE}</p>
          <ul className="mt-1 list-disc pl-5">
            {waiting.map((w) => (
              <li key={w.key}>{w.description}</li>
            ))}
          </ul>
        </div>
      )}
      {told.map((o) =>
        o.ok ? (
          <p key={o.key} role="status" data-testid="request-sent" className="mt-3 text-brand-700">
            Your saved request was sent. {o.message}.{' '}
            <Link to={requestPath(o.item.id)} className="underline">
              See it
            </Link>
          </p>
        ) : (
          <p key={o.key} role="alert" className="mt-3 text-red-700">
            Your saved request was not sent: {o.message}
          </p>
        ),
      )}

      <h2 className="mt-8 text-xl font-bold">My requests</h2>
      {mine.length === 0 ? (
        <p className="mt-2 text-gray-700">You have not broadcast a request yet.</p>
      ) : (
        <ul className="mt-2 divide-y divide-gray-200 rounded-lg border border-gray-200">
          {mine.map((r) => (
            <li key={r.id} className="p-3">
              <Link to={requestPath(r.id)} className="font-semibold text-brand-700 underline">
                {requestTitle(r)}
              </Link>
              <p className="text-sm text-gray-700">
                {STATUS_LABEL[r.status]} · {r.offerCount} offer{r.offerCount === 1 ? '' : 's'}
              </p>
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
