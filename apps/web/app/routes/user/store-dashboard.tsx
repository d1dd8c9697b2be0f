import { data, useNavigation } from 'react-router';
import { STORE_FIGURE_DAYS, formatNairaCompact, plural } from '@sf/shared';
import { formStatus, serverApi } from '../../lib/api.server.ts';
import { field, requireUser } from '../../lib/auth.server.ts';
import { signedIn } from '../../lib/signed-in.server.ts';
import { loadDashboard, loadPlaces } from '../../lib/seller.server.ts';
import { removeLogo } from '../../lib/uploads.server.ts';
import {
  change,
  conversion,
  figureRows,
  nairaToKobo,
  payoutStatusText,
  type BankAnswer,
  type DashboardAnswer,
} from '../../lib/seller.ts';
import { bankAccountAction } from '../../lib/bank-account.server.ts';
import { when } from '../../lib/dates.ts';
import { payoutsHeldBecause } from '../../lib/order-money.ts';
import { naira } from '../../components/cart/money.tsx';
import { LogoEditor } from '../../components/logo-editor.tsx';
import { FormMessage } from '../../components/form-field.tsx';
import { Sparkline } from '../../components/seller/sparkline.tsx';
import { RequestsNearYou } from '../../components/requests/requests-near-you.tsx';
import { NeedsYou } from '../../components/seller/needs-you.tsx';
import {
  BankAccountForm,
  StoreForm,
  storeDraft,
  type StoreDraft,
} from '../../components/seller/store-form.tsx';
import type { Route } from './+types/store-dashboard';
import { Link } from '../../components/link.tsx';

export const meta: Route.MetaFunction = () => [{ title: 'My Store Dashboard | SpareFinder NG' }];

export const loader = ({ request, context }: Route.LoaderArgs) => loadDashboard(request, context);

type Answer = {
  ok: boolean;
  intent: string;
  check?: BankAnswer['check'];
  message: string;
  fields?: Record<string, string>;
  draft?: StoreDraft;
  cities?: { label: string; value: number }[];
};

export async function action({ request, context }: Route.ActionArgs) {
  await requireUser(request, context, ['Seller', 'Admin']);
  const form = await request.formData();
  if (field(form, 'intent') === 'logo-remove')
    return removeLogo(request, context, '/api/store/logo', '/user/store');
  const intent = field(form, 'intent');
  const api = serverApi(context);
  if (intent === 'bank' || intent === 'bank-check')
    return bankAccountAction(request, context, form, '/user/store');
  // The store's details.
  const draft: StoreDraft = {
    name: field(form, 'name'),
    urlName: field(form, 'urlName'),
    phone1: '',
    phone2: '',
    phone3: '',
    stateId: field(form, 'stateId'),
    cityId: field(form, 'cityId'),
    address: field(form, 'address'),
    feeIn: field(form, 'feeIn'),
    feeOut: field(form, 'feeOut'),
  };
  const phones = form.getAll('phones').map((p) => (typeof p === 'string' ? p : ''));
  [draft.phone1, draft.phone2, draft.phone3] = [phones[0] ?? '', phones[1] ?? '', phones[2] ?? ''];
  const fields: Record<string, string> = {};
  const feeIn = nairaToKobo(draft.feeIn);
  const feeOut = nairaToKobo(draft.feeOut);
  if (Number.isNaN(feeIn)) fields.feeIn = 'Enter the fee in naira, like 2500 (0 for free)';
  if (Number.isNaN(feeOut)) fields.feeOut = 'Enter the fee in naira, like 6000 (0 for free)';
  const id = (v: string) => (/^\d{1,9}$/.test(v) && v !== '0' ? Number(v) : undefined);
  const refuse = async (message: string, f: Record<string, string>, status: number) =>
    data<Answer>(
      {
        ok: false,
        intent: 'profile',
        message,
        fields: f,
        draft,
        cities: (await loadPlaces(context, id(draft.stateId))).cities,
      },
      { status },
    );
  if (Object.keys(fields).length) return refuse('Please correct the marked fields', fields, 400);
  const ans = signedIn(
    request,
    await api.patch('/api/store/profile', {
      name: draft.name,
      ...(draft.urlName.trim() ? { urlName: draft.urlName } : {}),
      phones: phones.filter((p) => p.trim()).slice(0, 3),
      stateId: id(draft.stateId),
      cityId: id(draft.cityId),
      address: draft.address,
      deliveryFeeInStateKobo: feeIn ?? 0,
      deliveryFeeOtherStatesKobo: feeOut ?? 0,
    }),
  );
  if (!ans.status)
    return refuse(
      ans.message ?? 'The store could not be saved',
      (ans.fields ?? {}) as Record<string, string>,
      formStatus(ans),
    );
  return { ok: true, intent: 'profile', message: String(ans.message) } satisfies Answer;
}

const FIGURES = [
  ['views', 'Product views'],
  ['orders', 'Orders'],
  ['revenueKobo', 'Revenue'],
  ['conversion', 'Conversion'],
] as const;

function Figures({ f }: { f: DashboardAnswer }) {
  const series = f.series;
  const value = (k: (typeof FIGURES)[number][0], t: DashboardAnswer['totals']) =>
    // The cards round large amounts (₦337.57K); the table below has them to the kobo.
    k === 'revenueKobo'
      ? formatNairaCompact(t.revenueKobo / 100)
      : k === 'conversion'
        ? conversion(t.orders, t.views)
        : t[k].toLocaleString('en-NG');
  const trend = (k: (typeof FIGURES)[number][0]) =>
    k === 'conversion'
      ? f.previous.views
        ? `${conversion(f.previous.orders, f.previous.views)} in the ${f.days} days before`
        : `no views in the ${f.days} days before`
      : f.previous[k] === 0 && f.totals[k] > 0
        ? `none in the ${f.days} days before`
        : `${change(f.totals[k], f.previous[k])} on the ${f.days} days before`;
  const line = (k: (typeof FIGURES)[number][0]) =>
    series.map((d) =>
      k === 'conversion' ? (d.views ? d.orders / d.views : 0) : d[k as 'views' | 'orders'],
    );
  return (
    <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-label="Figures of the period">
      {FIGURES.map(([k, label]) => (
        <li key={k} className="card p-3" data-testid={`figure-${k}`}>
          <p className="text-sm text-gray-700">{label}</p>
          <p className="text-2xl font-bold tabular-nums">{value(k, f.totals)}</p>
          <p className="text-xs text-gray-600">{trend(k)}</p>
          <Sparkline values={line(k)} className="mt-2 text-brand-700" />
        </li>
      ))}
    </ul>
  );
}

/** Rows of the figures table a phone shows before 'See all' (the newest first). */
const PHONE_ROWS = 5;

function FiguresTable({ f, all }: { f: DashboardAnswer; all: boolean }) {
  const rows = figureRows(f.series);
  const weekly = f.series.length > 31;
  const cut = !all && rows.length > PHONE_ROWS;
  return (
    <div
      id="figures-table"
      className="card overflow-x-auto"
      data-testid="figures-table"
      // Keyboard users can scroll it when a phone is too narrow for every column.
      tabIndex={0}
      role="region"
      aria-label="Figures table"
    >
      <table className="w-full text-right text-xs tabular-nums sm:text-sm">
        <caption className="p-3 text-left text-base font-bold">
          {weekly ? 'Week by week' : 'Day by day'}, newest first
        </caption>
        <thead className="bg-gray-100 text-gray-700">
          <tr>
            <th scope="col" className="p-1.5 text-left sm:p-2">
              {weekly ? 'Week' : 'Day'}
            </th>
            <th scope="col" className="p-1.5 sm:p-2">
              Views
            </th>
            <th scope="col" className="p-1.5 sm:p-2">
              Orders
            </th>
            <th scope="col" className="p-1.5 sm:p-2">
              Revenue
            </th>
            {/* Too narrow on phones: the card above gives the period's conversion. */}
            <th scope="col" className="hidden p-2 sm:table-cell">
              Conversion
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            <tr
              key={r.label}
              // On a phone the newest rows only, until 'See all': the page stays short.
              className={`border-t border-gray-100 ${cut && i >= PHONE_ROWS ? 'hidden md:table-row' : ''}`}
            >
              <th scope="row" className="p-1.5 text-left font-medium whitespace-nowrap sm:p-2">
                {r.label}
              </th>
              <td className="p-1.5 sm:p-2">{r.views.toLocaleString('en-NG')}</td>
              <td className="p-1.5 sm:p-2">{r.orders}</td>
              <td className="p-1.5 whitespace-nowrap sm:p-2">{naira(r.revenueKobo)}</td>
              <td className="hidden p-1.5 sm:table-cell sm:p-2">{conversion(r.orders, r.views)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot className="border-t-2 border-gray-300 font-bold">
          <tr>
            <th scope="row" className="p-1.5 text-left sm:p-2">
              {f.days} days
            </th>
            <td className="p-1.5 sm:p-2">{f.totals.views.toLocaleString('en-NG')}</td>
            <td className="p-1.5 sm:p-2">{f.totals.orders}</td>
            <td className="p-1.5 whitespace-nowrap sm:p-2">{naira(f.totals.revenueKobo)}</td>
            <td className="hidden p-2 sm:table-cell">
              {conversion(f.totals.orders, f.totals.views)}
            </td>
          </tr>
        </tfoot>
      </table>
      {cut && (
        <p className="p-3 md:hidden">
          <Link
            to={`/user/store?days=${f.days}&table=all#figures-table`}
            preventScrollReset
            className="font-semibold text-brand-800 underline"
            data-testid="figures-see-all"
          >
            See all {plural(rows.length, weekly ? 'week' : 'day')}
          </Link>
        </p>
      )}
    </div>
  );
}

function Products({ f }: { f: DashboardAnswer }) {
  const p = f.products;
  const links: [string, number, string][] = [
    ['Out of stock', p.outOfStock, '/user/store/products?stock=out'],
    [
      `Low stock (${f.lowStockAt} or fewer)`,
      p.lowStock,
      '/user/store/products?stock=low&sort=stock',
    ],
    ['Hidden from buyers', p.inactive, '/user/store/products?status=inactive'],
  ];
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <section className="card p-4" aria-labelledby="top-h">
        <h2 id="top-h" className="text-lg font-bold">
          Best sellers, last {f.days} days
        </h2>
        {f.topProducts.length === 0 ? (
          <p className="mt-2 text-sm text-gray-700">No sales in this period yet.</p>
        ) : (
          <table className="mt-2 w-full text-sm">
            <thead className="text-gray-700">
              <tr>
                <th scope="col" className="py-1 text-left">
                  Part
                </th>
                <th scope="col" className="py-1 pl-2 text-right">
                  Sold
                </th>
                <th scope="col" className="py-1 pl-3 text-right">
                  Revenue
                </th>
              </tr>
            </thead>
            <tbody>
              {f.topProducts.map((t) => (
                <tr key={t.id} className="border-t border-gray-100">
                  <td className="py-2 pr-2">
                    <Link to={`/user/store/product/${t.id}`} className="font-medium underline">
                      {t.name}
                    </Link>
                    <span className="block text-xs text-gray-600">{t.views} views</span>
                  </td>
                  <td className="py-2 pl-2 text-right tabular-nums">{t.units}</td>
                  <td className="py-2 pl-3 text-right whitespace-nowrap tabular-nums">
                    {naira(t.revenueKobo)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <section className="card p-4" aria-labelledby="stock-h">
        <h2 id="stock-h" className="text-lg font-bold">
          Stock
        </h2>
        <p className="mt-1 text-sm text-gray-700">
          {p.active.toLocaleString('en-NG')} of {plural(p.total, 'product')} on sale.
        </p>
        <ul className="mt-2 flex flex-wrap gap-2 text-sm">
          {links.map(([label, n, to]) => (
            <li key={to}>
              <Link
                to={to}
                className="inline-flex min-h-11 items-center rounded-full border border-gray-300 px-3 hover:bg-gray-100"
              >
                {label}: <strong className="ml-1">{n}</strong>
              </Link>
            </li>
          ))}
        </ul>
        {f.lowStock.length > 0 && (
          <ul className="mt-3 divide-y divide-gray-100 text-sm" aria-label="Running low">
            {f.lowStock.map((l) => (
              <li key={l.id} className="flex items-center justify-between gap-2 py-2">
                <Link to={l.editUrl} className="underline">
                  {l.name}
                </Link>
                <span
                  className={`shrink-0 font-semibold ${l.stock === 0 ? 'text-red-800' : 'text-amber-900'}`}
                >
                  {l.stock === 0 ? 'none left' : `${l.stock} left`}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

export default function StoreDashboard({ loaderData, actionData }: Route.ComponentProps) {
  const { days, tableAll, store, suggestion, figures, money, places, needsYou } = loaderData;
  const answer = actionData as Answer | undefined;
  const busy = useNavigation().state !== 'idle';
  const profileAnswer = answer?.intent === 'profile' ? answer : undefined;
  const bankAnswer =
    answer?.intent === 'bank' || answer?.intent === 'bank-check' ? (answer as BankAnswer) : null;
  const draft = profileAnswer?.draft ?? storeDraft(store, suggestion);
  const cities = profileAnswer?.cities ?? places.cities;
  const storeForm = (
    <StoreForm
      // A new form when the answer changes, so the fields show what was sent.
      key={`${answer ? JSON.stringify(profileAnswer?.fields ?? {}) : ''}${store?.urlName ?? ''}`}
      draft={draft}
      states={places.states}
      cities={cities}
      fields={profileAnswer?.fields}
      opening={!store}
      busy={busy}
    />
  );
  if (!store)
    return (
      <main id="main" className="container-page max-w-3xl space-y-4 py-5">
        <h1 className="text-2xl font-bold">Open your store</h1>
        <p className="text-gray-700">
          Tell buyers who you are and where to find you. You can change any of it later.
        </p>
        {profileAnswer && (
          <FormMessage type={profileAnswer.ok ? 'success' : 'error'}>
            {profileAnswer.message}
          </FormMessage>
        )}
        <section className="card p-4">{storeForm}</section>
      </main>
    );
  return (
    <main id="main" className="container-page space-y-5 py-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">My Store Dashboard</h1>
          <p className="text-gray-700">
            <Link to={store.url} className="font-semibold text-brand-800 underline">
              {store.name}
            </Link>{' '}
            · {store.city}, {store.state}
            {store.verified ? ' · Verified' : ''}
          </p>
        </div>
        <nav aria-label="My store" className="flex flex-wrap gap-2">
          <Link to="/user/store/product/0" className="btn-primary">
            Add product
          </Link>
          <Link to="/user/store/products" className="btn-ghost">
            Products
          </Link>
          <Link to="/user/store/orders" className="btn-ghost">
            Orders
          </Link>
          <Link to="/user/disputes" className="btn-ghost">
            Disputes
          </Link>
          <Link to="/user/store/reviews" className="btn-ghost">
            Reviews
          </Link>
        </nav>
      </div>
      {answer && !bankAnswer && (
        <FormMessage type={answer.ok ? 'success' : 'error'}>{answer.message}</FormMessage>
      )}
      {needsYou && <NeedsYou d={needsYou} />}

      {/* Money and stock first, the period's figures and their long table after them. */}
      {money && (
        <section className="card space-y-3 p-4" aria-labelledby="money-h">
          <h2 id="money-h" className="text-lg font-bold">
            Balance and payouts
          </h2>
          <dl className="grid grid-cols-1 gap-2 text-sm sm:grid-cols-3">
            <div className="rounded-[var(--radius-card)] bg-brand-50 p-3">
              <dt className="text-brand-900">Balance you can withdraw</dt>
              <dd className="text-xl font-bold text-brand-900 tabular-nums">
                {naira(money.balanceKobo)}
              </dd>
            </div>
            <div className="rounded-[var(--radius-card)] bg-gray-50 p-3">
              <dt className="text-gray-700">Held in escrow</dt>
              <dd className="text-xl font-bold tabular-nums">{naira(money.escrowKobo)}</dd>
            </div>
            <div className="rounded-[var(--radius-card)] bg-gray-50 p-3">
              <dt className="text-gray-700">Paid out to your bank</dt>
              <dd className="text-xl font-bold tabular-nums">{naira(money.paidOutKobo)}</dd>
            </div>
          </dl>
          {money.commissionDueKobo > 0 && (
            <p className="text-sm text-amber-900">
              Commission owed on cash orders: {naira(money.commissionDueKobo)} (taken from the next
              money paid to you).
            </p>
          )}
          {money.payouts.length > 0 && (
            <ul className="space-y-1 text-sm" aria-label="Last payouts">
              {money.payouts.slice(0, 3).map((p) => (
                <li key={p.id} className="flex justify-between gap-2">
                  <span>
                    Payout {when(p.createdAt)}: {payoutStatusText(p)}
                  </span>
                  <span className="tabular-nums">{naira(p.amountKobo)}</span>
                </li>
              ))}
            </ul>
          )}
          {money.payoutsHeldUntil && (
            <p className="text-sm font-medium text-amber-900">
              {payoutsHeldBecause(money.payoutsHoldReason)}: payouts resume on{' '}
              {when(money.payoutsHeldUntil)}.
            </p>
          )}
          {/* The payout account is set once: folded away unless it needs attention. */}
          <details open={!money.bankAccount || !!bankAnswer}>
            <summary className="flex min-h-11 cursor-pointer items-center font-semibold text-brand-800">
              {money.bankAccount ? 'Payout bank account' : 'Add the bank account payouts go to'}
            </summary>
            <BankAccountForm current={money.bankAccount} busy={busy} answer={bankAnswer} />
          </details>
          <p>
            <Link to="/user/store/orders" className="font-semibold text-brand-800 underline">
              Withdraw and see your orders
            </Link>
          </p>
        </section>
      )}
      {figures && <Products f={figures} />}

      {figures && (
        <section aria-labelledby="figures-h" className="space-y-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id="figures-h" className="text-xl font-bold">
              Last {days} days
            </h2>
            <nav aria-label="Period" className="flex gap-1">
              {STORE_FIGURE_DAYS.map((d) => (
                <Link
                  key={d}
                  to={`/user/store?days=${d}`}
                  aria-current={d === days ? 'page' : undefined}
                  className={`inline-flex min-h-11 min-w-11 items-center justify-center rounded-full border px-3 text-sm font-semibold ${
                    d === days
                      ? 'border-brand-700 bg-brand-700 text-white'
                      : 'border-gray-300 bg-white hover:bg-gray-100'
                  }`}
                >
                  {d} days
                </Link>
              ))}
            </nav>
          </div>
          <Figures f={figures} />
          <p className="text-xs text-gray-600">
            Orders and revenue count orders placed and paid (or to be paid on delivery), delivery
            fees included; cancelled ones are left out. Conversion is orders per 100 product views.
          </p>
          <FiguresTable f={figures} all={tableAll} />
        </section>
      )}

      <section className="card p-4" aria-labelledby="details-h">
        <h2 id="details-h" className="mb-3 text-lg font-bold">
          Store details
        </h2>
        {storeForm}
      </section>
      <LogoEditor logo={store.logo} name={store.name} action="/api/store/logo" />
      <RequestsNearYou />
    </main>
  );
}
