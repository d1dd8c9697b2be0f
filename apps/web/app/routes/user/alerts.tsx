import { Form, useNavigation } from 'react-router';
import { safeRedirectPath } from '@sf/shared';
import { serverApi, throwUnlessOk } from '../../lib/api.server.ts';
import { loginUnless } from '../../lib/requests.server.ts';
import { alertsAction } from '../../lib/alerts.server.ts';
import { ALERTS_PAGE, naira, priceWait, type AlertItem } from '../../lib/alerts.ts';
import { koboToInput } from '../../lib/seller.ts';
import type { Route } from './+types/alerts';
import { Field } from '../../components/form-field.tsx';
import { Link } from '../../components/link.tsx';

export const meta: Route.MetaFunction = () => [
  { title: 'Saved searches & alerts | SpareFinder NG' },
  { name: 'robots', content: 'noindex' },
];

/** The signed-in user's saved searches and price alerts: list, pause, delete. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const ans = await serverApi(context).get('/api/alerts');
  loginUnless(ans, ALERTS_PAGE);
  throwUnlessOk(ans, { what: 'Your alerts' });
  const a = ans;
  const back = url.searchParams.get('back');
  return {
    items: a.items,
    limits: a.limits,
    saved: url.searchParams.get('saved'),
    back: back ? safeRedirectPath(back, '') : '',
  };
}

export const action = ({ request, context }: Route.ActionArgs) => alertsAction(request, context);

/** Where the way back leads, in words. */
const backLabel = (to: string) =>
  to.startsWith('/product/') || to.startsWith('/item/')
    ? 'Back to the part'
    : /^\/(spares-parts|products\/|search)/.test(to)
      ? 'Back to the parts'
      : 'Back to where you were';

const when = (iso: string) =>
  new Date(iso).toLocaleDateString('en-NG', { day: 'numeric', month: 'short' });

function AlertCard({ a, saved }: { a: AlertItem; saved: boolean }) {
  const nav = useNavigation();
  const busy = nav.state !== 'idle' && nav.formData?.get('id') === a.id;
  return (
    <li
      className={`card p-4 ${saved ? 'ring-2 ring-brand-600' : ''}`}
      data-testid="alert"
      aria-current={saved ? 'true' : undefined}
    >
      <p className="text-xs font-semibold uppercase tracking-wide text-gray-700">
        {a.kind === 'search' ? 'Saved search' : 'Price alert'}
        {a.paused && <span className="ml-2 rounded bg-gray-200 px-1.5 py-0.5">Paused</span>}
      </p>
      <h2 className="mt-1 text-base font-bold leading-snug">
        <Link to={a.link} className="text-brand-700 underline">
          {a.label}
        </Link>
      </h2>
      {a.kind === 'price' ? (
        <p className="mt-1 text-sm text-gray-800">
          {a.currentPriceKobo === null ? (
            'No longer on sale.'
          ) : (
            <>
              Now <strong>{naira(a.currentPriceKobo)}</strong>. We tell you when it is{' '}
              {priceWait(a)}.
            </>
          )}
        </p>
      ) : (
        <p className="mt-1 text-sm text-gray-800">
          {a.matches === 0 ? (
            'No new part yet: we tell you when one is listed.'
          ) : (
            <>
              <Link
                to={`${ALERTS_PAGE}/${a.id}`}
                className="font-semibold text-brand-700 underline"
              >
                {a.matches} new {a.matches === 1 ? 'part' : 'parts'}
              </Link>{' '}
              in 30 days{a.lastMatchAt ? `, the latest on ${when(a.lastMatchAt)}` : ''}.
            </>
          )}
        </p>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        <Form method="post">
          <input type="hidden" name="id" value={a.id} />
          <input type="hidden" name="intent" value={a.paused ? 'resume' : 'pause'} />
          <button type="submit" className="btn-ghost text-sm" disabled={busy}>
            {a.paused ? 'Resume' : 'Pause'}
            <span className="sr-only"> {a.label}</span>
          </button>
        </Form>
        <Form method="post">
          <input type="hidden" name="id" value={a.id} />
          <input type="hidden" name="intent" value="delete" />
          <button type="submit" className="btn-ghost text-sm text-red-700" disabled={busy}>
            Delete<span className="sr-only"> {a.label}</span>
          </button>
        </Form>
      </div>
      {a.kind === 'price' && a.currentPriceKobo !== null && (
        <Form method="post" className="mt-3 flex items-end gap-2">
          <input type="hidden" name="id" value={a.id} />
          <input type="hidden" name="intent" value="target" />
          <Field
            className="w-40"
            id={`target-${a.id}`}
            label="Only below (₦)"
            name="target"
            inputMode="decimal"
            defaultValue={koboToInput(a.targetKobo)}
            placeholder="any drop"
          />
          <button type="submit" className="btn-ghost text-sm" disabled={busy}>
            Save price
          </button>
        </Form>
      )}
    </li>
  );
}

export default function Alerts({ loaderData, actionData }: Route.ComponentProps) {
  const { items, limits, saved, back } = loaderData;
  const done = actionData;
  const nav = useNavigation();
  const searches = items.filter((a) => a.kind === 'search').length;
  const prices = items.length - searches;
  const justSaved = saved ? items.find((a) => a.id === saved) : undefined;
  const returnTo = done?.back && done.back !== ALERTS_PAGE ? done.back : back;
  return (
    <main id="main" className="container-page max-w-3xl py-6">
      <h1 className="text-2xl font-bold">Saved searches &amp; alerts</h1>
      {justSaved && (
        <p
          role="status"
          className="mt-3 rounded-[var(--radius-card)] border-l-4 border-brand-600 bg-brand-50 px-3 py-2 text-sm font-medium text-brand-900"
        >
          Saved: “{justSaved.label}”.{' '}
          {justSaved.kind === 'search'
            ? "We'll tell you when new parts match."
            : `We'll tell you when it is ${priceWait(justSaved)}.`}
        </p>
      )}
      {done && nav.state === 'idle' && (
        <p
          role={done.ok ? 'status' : 'alert'}
          className={`mt-3 text-sm font-medium ${done.ok ? 'text-brand-800' : 'text-red-700'}`}
        >
          {done.message}
        </p>
      )}
      {returnTo && (
        <p className="mt-2">
          <Link to={returnTo} className="font-semibold text-brand-700 underline">
            ← {backLabel(returnTo)}
          </Link>
        </p>
      )}
      <p className="mt-3 text-sm text-gray-700">
        New parts for your searches and lower prices come to the bell and{' '}
        <Link to="/user/notifications" className="text-brand-700 underline">
          your e-mail
        </Link>
        , at most {limits.noticesPerDay} a day (many new parts come as one notice). {searches} of{' '}
        {limits.searches} saved searches, {prices} of {limits.prices} price alerts.
      </p>
      {items.length === 0 ? (
        <div className="card mt-3 p-4 text-sm text-gray-800">
          <p>Nothing saved yet.</p>
          <ul className="mt-2 list-inside list-disc space-y-1">
            <li>
              Search the{' '}
              <Link to="/spares-parts" className="text-brand-700 underline">
                spare parts
              </Link>{' '}
              and press “Tell me when new parts match”.
            </li>
            <li>On a part’s page, press “Tell me when it’s cheaper”.</li>
          </ul>
        </div>
      ) : (
        <ul className="mt-3 space-y-3">
          {items.map((a) => (
            <AlertCard key={a.id} a={a} saved={a.id === saved} />
          ))}
        </ul>
      )}
    </main>
  );
}
