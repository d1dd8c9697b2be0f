import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  data,
  Form,
  redirectDocument,
  useFetcher,
  useNavigation,
  type ShouldRevalidateFunctionArgs,
} from 'react-router';
import { redirect } from '../../lib/redirect.ts';
import { IDEMPOTENCY_KEY_RE } from '@sf/shared';
import { formStatus, serverApi } from '../../lib/api.server.ts';
import { apiGet, signedIn } from '../../lib/signed-in.server.ts';
import { currentUser } from '../../lib/auth.server.ts';
import {
  citiesOf,
  firstValues,
  orderBody,
  quoteFor,
  unconfirmedMisfits,
  valuesOf,
  type Option,
} from '../../lib/checkout.server.ts';
import { AlertIcon } from '../../components/icons.tsx';
import { FitCarForm } from '../../components/catalog/fit-car-form.tsx';
import { fitsById, readFitChoice } from '../../lib/fit.ts';
import { loadFit } from '../../lib/fit.server.ts';
import { useStateCities } from '../../lib/use-state-cities.ts';
import { AddressForm } from '../../components/checkout/address-form.tsx';
import { CouponField } from '../../components/checkout/coupon-field.tsx';
import { DeliveryChoice } from '../../components/checkout/delivery-choice.tsx';
import { FitWarning } from '../../components/checkout/fit-warning.tsx';
import { OrderSummary } from '../../components/checkout/order-summary.tsx';
import { PayButton } from '../../components/checkout/pay-button.tsx';
import { PaymentChoice } from '../../components/checkout/payment-choice.tsx';
import type { Route } from './+types/checkout';
import { Link } from '../../components/link.tsx';

export const meta: Route.MetaFunction = () => [{ title: 'Checkout | SpareFinder NG' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const cart = await apiGet(request, context, '/api/cart');
  // The session the request arrived with (decision 0011), not a second look-up.
  const values = firstValues(await currentUser(context));
  const [quote, states, fit] = await Promise.all([
    quoteFor(context, request, values),
    serverApi(context).lookup<Option>('/api/database/states/NG'),
    cart.status && cart.items.length
      ? loadFit(
          serverApi(context),
          request,
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
  const body = orderBody(v);
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
          <DeliveryChoice
            fulfilment={fulfilment}
            onChange={setFulfilment}
            address={
              <AddressForm
                states={loaded.states}
                stateId={stateId}
                chooseState={chooseState}
                cities={cities}
                cityId={cityId}
                setCityId={setCityId}
                street={v.street}
                fields={fields}
              />
            }
            phone={v.phone}
            phoneError={fields.phone}
          />
          <PaymentChoice payment={payment} onChange={setPayment} mode={mode} />
        </div>

        <aside className="card space-y-4 p-4 md:sticky md:top-28" aria-label="Order summary">
          <h2 className="text-lg font-bold">Summary</h2>
          <CouponField
            code={v.couponCode}
            problem={couponProblem || fields.couponCode}
            applied={couponApplied}
          />
          {quote ? (
            <div
              className={quoter.state !== 'idle' ? 'opacity-60' : ''}
              aria-busy={quoter.state !== 'idle'}
            >
              <OrderSummary
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
            <FitWarning
              misfits={misfits}
              carLabel={loaded.fit?.car?.label}
              nameOf={(id) => loaded.cart?.items.find((l) => l.productId === id)?.name}
              invalid={!!fields.fitConfirmed}
            />
          )}
          <button type="submit" name="intent" value="quote" className="btn-ghost w-full">
            Update total
          </button>
          <PayButton
            placing={placing}
            paystack={payment === 'paystack' && mode !== 'off'}
            totalKobo={
              // The amount only once it holds delivery: a state chosen, or pickup.
              quote && !stale && (fulfilment === 'pickup' || stateId) ? quote.totalKobo : undefined
            }
          />
        </aside>
      </Form>
    </main>
  );
}
