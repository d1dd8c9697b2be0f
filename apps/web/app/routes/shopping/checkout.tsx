import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  data,
  Form,
  Link,
  redirectDocument,
  useFetcher,
  useNavigation,
  type ShouldRevalidateFunctionArgs,
} from 'react-router';
import { redirect } from '../../lib/redirect.ts';
import { IDEMPOTENCY_KEY_RE } from '@sf/shared';
import { formStatus, serverApi } from '../../lib/api.server.ts';
import { apiGet, signedIn } from '../../lib/signed-in.server.ts';
import { intField } from '../../lib/form-values.ts';
import type { CartView } from '../../lib/cart.ts';
import type { Quote } from '../../lib/checkout.ts';
import { MoneyRow, naira, TestPaymentNote } from '../../components/cart/money.tsx';
import { AlertIcon } from '../../components/icons.tsx';
import { OfferNote } from '../../components/cart/offer-note.tsx';
import { MyFitBadge } from '../../components/catalog/fit-badge.tsx';
import { FitCarForm } from '../../components/catalog/fit-car-form.tsx';
import { fitsById, readFitChoice, type FitItem } from '../../lib/fit.ts';
import { loadFit } from '../../lib/fit.server.ts';
import { SelectField } from '../../components/select-field.tsx';
import { useStateCities } from '../../lib/use-state-cities.ts';
import type { Route } from './+types/checkout';

export const meta: Route.MetaFunction = () => [{ title: 'Checkout | SpareFinder NG' }];

type Option = { label: string; value: number };
interface Values {
  fulfilment: 'delivery' | 'pickup';
  stateId: string;
  cityId: string;
  street: string;
  phone: string;
  couponCode: string;
  paymentMethod: 'paystack' | 'pay_on_delivery';
}

const DEFAULT_PHONE = '0900000000';

function valuesOf(form: FormData): Values {
  const s = (k: string) => {
    const v = form.get(k);
    return typeof v === 'string' ? v.trim() : '';
  };
  return {
    fulfilment: s('fulfilment') === 'pickup' ? 'pickup' : 'delivery',
    stateId: s('stateId'),
    cityId: s('cityId'),
    street: s('street'),
    phone: s('phone'),
    couponCode: s('couponCode').toUpperCase(),
    paymentMethod: s('paymentMethod') === 'pay_on_delivery' ? 'pay_on_delivery' : 'paystack',
  };
}

async function quoteFor(context: unknown, request: Request, v: Values) {
  const ans = await serverApi(context).post('/api/checkout/quote', {
    fulfilment: v.fulfilment,
    ...(intField(v.stateId) ? { stateId: intField(v.stateId) } : {}),
    ...(v.couponCode ? { couponCode: v.couponCode } : {}),
  });
  return signedIn(request, ans);
}

async function citiesOf(context: unknown, stateId: string): Promise<Option[]> {
  const id = intField(stateId);
  if (!id) return [];
  const ans = await serverApi(context).get(`/api/database/cities/${id}`);
  return ans.status ? ((ans.items ?? []) as Option[]) : [];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const cart = await apiGet(request, context, '/api/cart');
  const me = await serverApi(context).get('/api/auth/dszauth');
  const tel = me.status ? me.user.tel : '';
  const values: Values = {
    fulfilment: 'delivery',
    stateId: '',
    cityId: '',
    street: '',
    phone: tel && tel !== DEFAULT_PHONE ? tel : '',
    couponCode: '',
    paymentMethod: 'paystack',
  };
  const [quote, states, fit] = await Promise.all([
    quoteFor(context, request, values),
    serverApi(context).lookup<Option>('/api/database/states/NG'),
    cart.status && cart.items.length
      ? loadFit(
          serverApi(context),
          cart.items.map((l) => l.productId),
          readFitChoice(new URL(request.url).searchParams).carId,
        )
      : null,
  ]);
  return {
    fit,
    cart: cart.status ? cart : null,
    quote: quote.status ? quote : null,
    states,
    values,
    // A new key for every render of the form: a double submit sends the same key, so the
    // server places one set of orders; a new attempt after a refusal gets a new one.
    idempotencyKey: crypto.randomUUID(),
  };
}

// Recomputing the total must not make a new Idempotency-Key or reload the cart.
export function shouldRevalidate({
  formData,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (formData?.get('intent') === 'quote') return false;
  return defaultShouldRevalidate;
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const v = valuesOf(form);
  if (form.get('intent') === 'quote') {
    const [quote, cities] = await Promise.all([
      quoteFor(context, request, v),
      citiesOf(context, v.stateId),
    ]);
    return data({
      kind: 'quote' as const,
      values: v,
      quote: quote.status ? quote : null,
      cities,
      message: quote.status ? null : (quote.message ?? null),
      fields: {} as Record<string, string>,
    });
  }
  const key = String(form.get('idempotencyKey') ?? '');
  const misfit = await unconfirmedMisfits(context, request, form);
  if (misfit) {
    const [quote, cities] = await Promise.all([
      quoteFor(context, request, v),
      citiesOf(context, v.stateId),
    ]);
    return data(
      {
        kind: 'error' as const,
        values: v,
        quote: quote.status ? quote : null,
        cities,
        message: misfit,
        fields: { fitConfirmed: misfit } as Record<string, string>,
      },
      { status: 409 },
    );
  }
  const body = {
    fulfilment: v.fulfilment,
    phone: v.phone,
    paymentMethod: v.paymentMethod,
    ...(v.couponCode ? { couponCode: v.couponCode } : {}),
    ...(v.fulfilment === 'delivery'
      ? {
          ...(intField(v.stateId) ? { stateId: intField(v.stateId) } : {}),
          ...(intField(v.cityId) ? { cityId: intField(v.cityId) } : {}),
          street: v.street,
        }
      : {}),
  };
  // The key travels as a request header: a forged one with other characters would make the
  // header invalid, so it is refused here and the buyer is asked to reload the form.
  const ans = IDEMPOTENCY_KEY_RE.test(key)
    ? signedIn(
        request,
        await serverApi(context).post('/api/checkout', body, {
          headers: { 'idempotency-key': key },
        }),
      )
    : null;
  if (ans?.status) {
    // The payment page is not one of our routes: the browser loads it as a document.
    if (ans.payment?.authorizationUrl) return redirectDocument(ans.payment.authorizationUrl);
    return redirect(`/user/orders?checkout=${ans.checkoutId}&placed=1`);
  }
  const [quote, cities] = await Promise.all([
    quoteFor(context, request, v),
    citiesOf(context, v.stateId),
  ]);
  return data(
    {
      kind: 'error' as const,
      values: v,
      quote: quote.status ? quote : null,
      cities,
      message: ans
        ? (ans.message ?? 'Your order could not be placed')
        : 'This checkout form is out of date: reload the page and try again.',
      fields: ans?.fields ?? {},
    },
    { status: ans ? formStatus(ans) : 400 },
  );
}

/**
 * A line that does not fit the car the buyer checks against must be confirmed before payment:
 * the refusal in words, or null when every line fits (or is confirmed, or there is no car).
 */
async function unconfirmedMisfits(context: unknown, request: Request, form: FormData) {
  if (form.get('fitConfirmed') === '1') return null;
  const api = serverApi(context);
  const cart = await apiGet(request, context, '/api/cart');
  if (!cart.status || !cart.items.length) return null;
  const car = String(form.get('car') ?? '');
  const fit = await loadFit(
    api,
    cart.items.map((l) => l.productId),
    readFitChoice(new URLSearchParams({ car })).carId,
  );
  const bad = (fit?.items ?? []).filter((i) => i.verdict === 'no');
  if (!fit?.car || !bad.length) return null;
  const names = bad.map((b) => cart.items.find((l) => l.productId === b.prod_id)?.name ?? '');
  return `${names.join(', ')} ${bad.length > 1 ? 'do' : 'does'} not fit your ${fit.car.label}: tick 'Buy it anyway' to confirm, or change your cart.`;
}

function Radio({
  name,
  value,
  checked,
  onChange,
  title,
  hint,
  testId,
}: {
  name: string;
  value: string;
  checked: boolean;
  onChange: (v: string) => void;
  title: string;
  hint: string;
  testId?: string;
}) {
  return (
    <label
      className={`flex min-h-11 cursor-pointer items-start gap-3 rounded-[var(--radius-card)] border p-3 ${checked ? 'border-brand-700 bg-brand-50' : 'border-gray-300 bg-white'}`}
    >
      <input
        type="radio"
        name={name}
        value={value}
        checked={checked}
        onChange={() => onChange(value)}
        className="mt-1 size-5 accent-brand-700"
        data-testid={testId}
      />
      <span>
        <span className="block font-semibold text-gray-900">{title}</span>
        <span className="block text-sm text-gray-700">{hint}</span>
      </span>
    </label>
  );
}

/** Said wherever a delivery amount is not known yet: never a total that leaves delivery out. */
const CHOOSE_STATE = 'Choose a state to see delivery';

function Summary({
  quote,
  fulfilment,
  stateChosen,
  stale,
  fits,
  offers,
}: {
  fits: Record<number, FitItem>;
  /** Accepted offers' terms by product id, from the cart. */
  offers: Record<number, NonNullable<CartView['items'][number]['offer']>>;
  quote: Quote;
  fulfilment: string;
  stateChosen: boolean;
  /** The quote shown was worked out for an earlier choice: a new one is on its way. */
  stale: boolean;
}) {
  // Delivery to a state not chosen yet: its fee, and so the totals, are unknown. While a new
  // quote is on its way, the old amounts are not shown as the new ones.
  const unknown =
    fulfilment !== 'pickup' && !stateChosen ? CHOOSE_STATE : stale ? 'Working it out…' : undefined;
  return (
    <div className="space-y-3" data-testid="checkout-summary">
      {quote.stores.map((g) => (
        <div key={g.storeId} className="border-b border-gray-200 pb-2">
          <h3 className="font-semibold text-gray-900">Order from {g.storeName}</h3>
          <ul className="my-1 space-y-0.5 text-sm text-gray-700">
            {g.lines.map((l) => (
              <li key={l.productId} className="flex justify-between gap-2">
                <span>
                  {l.quantity} × {l.name}
                  {offers[l.productId] && <OfferNote offer={offers[l.productId]} compact />}
                  {fits[l.productId] && (
                    <span className="block">
                      <MyFitBadge fit={fits[l.productId]} />
                    </span>
                  )}
                </span>
                <span className="tabular-nums">{naira(l.lineTotalKobo)}</span>
              </li>
            ))}
          </ul>
          <dl className="text-sm">
            <MoneyRow label="Parts" kobo={g.subtotalKobo} />
            {g.discountKobo > 0 && (
              <MoneyRow label="Coupon discount" kobo={g.discountKobo} negative />
            )}
            <MoneyRow
              label={
                fulfilment === 'pickup' ? 'Delivery (pickup at the store: free)' : 'Delivery fee'
              }
              kobo={g.deliveryFeeKobo}
              pending={unknown}
            />
            <MoneyRow
              label={`To ${g.storeName}`}
              kobo={g.totalKobo}
              pending={unknown && (stale ? unknown : `${naira(g.totalKobo)} + delivery`)}
            />
          </dl>
        </div>
      ))}
      <dl>
        <MoneyRow label="All parts" kobo={quote.subtotalKobo} />
        {quote.discountKobo > 0 && (
          <MoneyRow
            label="Coupon discount"
            kobo={quote.discountKobo}
            negative
            testId="sum-discount"
          />
        )}
        <MoneyRow
          label="All delivery fees"
          kobo={quote.deliveryFeeKobo}
          testId="sum-delivery"
          pending={unknown}
        />
        <MoneyRow
          label="Total to pay"
          kobo={quote.totalKobo}
          strong
          testId="sum-total"
          pending={unknown && (stale ? unknown : `${naira(quote.totalKobo)} + delivery`)}
        />
      </dl>
    </div>
  );
}

export default function Checkout({ loaderData, actionData }: Route.ComponentProps) {
  const loaded = loaderData;
  const answer = actionData;
  const quoter = useFetcher<typeof action>();
  const nav = useNavigation();
  const placing = nav.state !== 'idle' && nav.formData?.get('intent') === 'place';

  const latest = quoter.data ?? answer;
  const v = answer?.values ?? loaded.values;
  const [fulfilment, setFulfilment] = useState(v.fulfilment);
  const { stateId, cityId, setCityId, cities, setCities, chooseState } = useStateCities<number>({
    stateId: v.stateId,
    cityId: v.cityId,
    cities: answer?.cities ?? [],
  });
  const [payment, setPayment] = useState(v.paymentMethod);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (answer?.cities) setCities(answer.cities);
  }, [answer]);

  const quote = latest?.quote ?? loaded.quote;
  // The choice the shown quote was worked out for: it holds the right delivery only when that
  // is the choice on screen now.
  const basis = latest?.values ?? loaded.values;
  const stale =
    quoter.state !== 'idle' ||
    basis.fulfilment !== fulfilment ||
    (fulfilment !== 'pickup' && basis.stateId !== String(stateId ?? ''));
  const fields = answer?.kind === 'error' ? answer.fields : {};
  const mode = quote?.payments ?? 'off';

  const requote = () => {
    if (!formRef.current) return;
    const f = new FormData(formRef.current);
    f.set('intent', 'quote');
    void quoter.submit(f, { method: 'post' });
  };
  // Every choice that changes the money recomputes the summary at once.
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    requote();
  }, [fulfilment, stateId]);

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    const submitter = (e.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    if (submitter?.value === 'quote') {
      e.preventDefault();
      requote();
    }
  };

  if (!loaded.cart || loaded.cart.items.length === 0)
    return (
      <main id="main" className="container-page max-w-2xl py-6">
        <h1 className="text-2xl font-bold">Checkout</h1>
        <div className="card mt-5 p-6 text-center">
          <h2 className="text-lg font-semibold">Your cart is empty</h2>
          <p className="mt-2 text-gray-700">Add the parts you need, then check out here.</p>
          <Link to="/spares-parts" className="btn-primary mt-4">
            Find spare parts
          </Link>
        </div>
      </main>
    );

  const problems = loaded.cart.items.filter((l) => l.problem);
  const couponProblem =
    latest?.kind === 'quote' || latest?.kind === 'error' ? quote?.couponProblem : null;
  const couponApplied = quote?.coupon;
  const message = answer?.kind === 'error' ? answer.message : null;
  const fits = fitsById(loaded.fit);
  const offers = Object.fromEntries(
    loaded.cart.items.flatMap((l) => (l.offer ? [[l.productId, l.offer]] : [])),
  );
  const misfits = (loaded.fit?.items ?? []).filter((i) => i.verdict === 'no');

  return (
    <main id="main" className="container-page max-w-4xl py-5">
      <h1 className="text-2xl font-bold">Checkout</h1>
      <p className="mt-1 text-sm text-gray-700">
        One order per store.{' '}
        <Link to="/shopping/cart" className="font-medium text-brand-800 underline">
          Change your cart
        </Link>
      </p>
      {message && (
        <p
          role="alert"
          className="mt-3 rounded-[var(--radius-card)] border-l-4 border-red-600 bg-red-50 p-3 text-sm font-medium text-red-900"
          data-testid="checkout-error"
        >
          {message}
        </p>
      )}
      {problems.length > 0 && (
        <ul className="mt-3 space-y-1 rounded-[var(--radius-card)] border-l-4 border-amber-500 bg-amber-50 p-3 text-sm text-amber-900">
          {problems.map((l) => (
            <li key={l.productId} className="flex gap-1">
              <AlertIcon size={16} className="mt-0.5 shrink-0" />
              <span>
                <strong>{l.name}</strong>: {l.problem}
              </span>
            </li>
          ))}
        </ul>
      )}
      {loaded.fit && loaded.fit.cars.length > 1 && (
        <div className="mt-3">
          <FitCarForm
            fit={{ car: loaded.fit.car, cars: loaded.fit.cars, fitsOnly: false }}
            action="/shopping/checkout"
            listFilter={false}
          />
        </div>
      )}
      <Form
        method="post"
        ref={formRef}
        onSubmit={onSubmit}
        noValidate
        className="mt-4 grid gap-4 md:grid-cols-[1fr_20rem] md:items-start"
      >
        <input type="hidden" name="idempotencyKey" value={loaded.idempotencyKey} />
        {loaded.fit?.car && <input type="hidden" name="car" value={loaded.fit.car.id} />}
        <div className="space-y-4">
          <fieldset className="card space-y-3 p-4">
            <legend className="float-left mb-1 w-full text-lg font-bold">
              How you get the parts
            </legend>
            <Radio
              name="fulfilment"
              value="delivery"
              checked={fulfilment === 'delivery'}
              onChange={(x) => setFulfilment(x as Values['fulfilment'])}
              title="Delivery to my address"
              hint="Each store charges its fee: lower within its own state."
              testId="fulfilment-delivery"
            />
            <Radio
              name="fulfilment"
              value="pickup"
              checked={fulfilment === 'pickup'}
              onChange={(x) => setFulfilment(x as Values['fulfilment'])}
              title="Pick up at the store"
              hint="Free. The store tells you when it is ready."
              testId="fulfilment-pickup"
            />
            {fulfilment === 'delivery' && (
              <div className="space-y-3 pt-1">
                <SelectField
                  name="stateId"
                  label="State"
                  options={loaded.states}
                  value={stateId}
                  onChange={(x) => void chooseState(x)}
                  placeholder="Choose the state"
                  error={fields.stateId}
                />
                <SelectField
                  name="cityId"
                  label="City or area"
                  options={cities}
                  value={cityId}
                  onChange={setCityId}
                  placeholder={stateId ? 'Choose the city or area' : 'Choose the state first'}
                  error={fields.cityId}
                />
                <noscript>
                  <p className="text-sm text-gray-700">
                    After choosing the state, press 'Update total' to list its cities.
                  </p>
                </noscript>
                <div>
                  <label htmlFor="f-street" className="label">
                    Street address
                  </label>
                  <input
                    id="f-street"
                    name="street"
                    className={`input ${fields.street ? 'border-red-600' : ''}`}
                    defaultValue={v.street}
                    autoComplete="street-address"
                    maxLength={200}
                    aria-invalid={fields.street ? true : undefined}
                    aria-describedby={fields.street ? 'f-street-error' : undefined}
                  />
                  {fields.street && (
                    <p id="f-street-error" className="mt-1 text-sm font-medium text-red-700">
                      {fields.street}
                    </p>
                  )}
                </div>
              </div>
            )}
            <div>
              <label htmlFor="f-phone" className="label">
                Phone number (for the store and the rider)
              </label>
              <input
                id="f-phone"
                name="phone"
                type="tel"
                inputMode="tel"
                autoComplete="tel"
                className={`input ${fields.phone ? 'border-red-600' : ''}`}
                defaultValue={v.phone}
                placeholder="0803 123 4567"
                maxLength={20}
                aria-invalid={fields.phone ? true : undefined}
                aria-describedby={fields.phone ? 'f-phone-error' : undefined}
              />
              {fields.phone && (
                <p id="f-phone-error" className="mt-1 text-sm font-medium text-red-700">
                  {fields.phone}
                </p>
              )}
            </div>
          </fieldset>

          <fieldset className="card space-y-3 p-4">
            <legend className="float-left mb-1 w-full text-lg font-bold">How you pay</legend>
            {mode !== 'off' && (
              <Radio
                name="paymentMethod"
                value="paystack"
                checked={payment === 'paystack'}
                onChange={(x) => setPayment(x as Values['paymentMethod'])}
                title="Pay now with Paystack"
                hint="Card, bank transfer or USSD. SpareFinder holds the money until you confirm you received the parts."
                testId="pay-paystack"
              />
            )}
            <Radio
              name="paymentMethod"
              value="pay_on_delivery"
              checked={payment === 'pay_on_delivery' || mode === 'off'}
              onChange={(x) => setPayment(x as Values['paymentMethod'])}
              title="Pay on delivery"
              hint="Pay the store in cash when the parts reach you."
              testId="pay-on-delivery"
            />
            {mode === 'test' && payment === 'paystack' && (
              <TestPaymentNote>
                You will see Paystack's test page, not a real charge.
              </TestPaymentNote>
            )}
          </fieldset>
        </div>

        <aside className="card space-y-4 p-4 md:sticky md:top-28" aria-label="Order summary">
          <h2 className="text-lg font-bold">Summary</h2>
          <div>
            <label htmlFor="f-coupon" className="label">
              Coupon code
            </label>
            <div className="flex gap-2">
              <input
                id="f-coupon"
                name="couponCode"
                className={`input uppercase ${couponProblem || fields.couponCode ? 'border-red-600' : ''}`}
                defaultValue={v.couponCode}
                maxLength={40}
                autoCapitalize="characters"
                aria-describedby="f-coupon-note"
              />
              <button
                type="submit"
                name="intent"
                value="quote"
                className="btn-ghost shrink-0"
                data-testid="apply-coupon"
              >
                Apply
              </button>
            </div>
            <p id="f-coupon-note" className="mt-1 text-sm" aria-live="polite">
              {couponProblem || fields.couponCode ? (
                <span className="font-medium text-red-700">
                  {couponProblem ?? fields.couponCode}
                </span>
              ) : couponApplied ? (
                <span className="font-medium text-brand-800" data-testid="coupon-applied">
                  {couponApplied.code} applied:{' '}
                  {couponApplied.kind === 'percent'
                    ? `${couponApplied.value}% off`
                    : `${naira(couponApplied.value)} off`}
                </span>
              ) : null}
            </p>
          </div>
          {quote ? (
            <div
              className={quoter.state !== 'idle' ? 'opacity-60' : ''}
              aria-busy={quoter.state !== 'idle'}
            >
              <Summary
                quote={quote}
                fulfilment={fulfilment}
                stateChosen={!!stateId}
                stale={stale}
                fits={fits}
                offers={offers}
              />
            </div>
          ) : (
            <p className="text-sm text-red-800">
              The total could not be worked out. Press 'Update total'.
            </p>
          )}
          {misfits.length > 0 && (
            <div
              className="space-y-2 rounded-[var(--radius-card)] border-l-4 border-red-600 bg-red-50 p-3 text-sm text-red-900"
              data-testid="fit-warning"
            >
              <p className="flex gap-1 font-semibold">
                <AlertIcon size={16} className="mt-0.5 shrink-0" />
                {misfits.length === 1 ? 'A part' : `${misfits.length} parts`} may not fit your{' '}
                {loaded.fit?.car?.label}:
              </p>
              <ul className="list-inside list-disc">
                {misfits.map((m) => (
                  <li key={m.prod_id}>
                    {loaded.cart?.items.find((l) => l.productId === m.prod_id)?.name}: {m.text}
                  </li>
                ))}
              </ul>
              <label className="flex min-h-11 items-center gap-2 font-medium">
                <input
                  type="checkbox"
                  name="fitConfirmed"
                  value="1"
                  className="size-5 accent-brand-700"
                  data-testid="fit-confirm"
                  aria-invalid={fields.fitConfirmed ? true : undefined}
                />
                Buy it anyway: I have checked it fits
              </label>
            </div>
          )}
          <button type="submit" name="intent" value="quote" className="btn-ghost w-full">
            Update total
          </button>
          <button
            type="submit"
            name="intent"
            value="place"
            className="btn-primary w-full text-base"
            disabled={placing}
            data-testid="place-order"
          >
            {placing
              ? 'Placing your order…'
              : payment === 'paystack' && mode !== 'off'
                ? // The amount only once it holds delivery: a state chosen, or pickup.
                  quote && !stale && (fulfilment === 'pickup' || stateId)
                  ? `Pay ${naira(quote.totalKobo)} with Paystack`
                  : 'Pay with Paystack'
                : 'Place order, pay on delivery'}
          </button>
        </aside>
      </Form>
    </main>
  );
}
