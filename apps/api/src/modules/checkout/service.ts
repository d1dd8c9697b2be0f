import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Db } from '@sf/db';
import { checkPhone, formatKobo, normalisePhone } from '@sf/shared';
import { HttpError, badRequest, conflict } from '../../lib/errors.ts';
import { transaction } from '../../lib/tx.ts';
import { enqueue } from '../../lib/jobs.ts';
import type { SessionUser } from '../../lib/session.ts';
import { cartService, currentPrice, lineProblem } from '../cart/service.ts';
import type { CartRow } from '../cart/repository.ts';
import { couponsService } from '../coupons/service.ts';
import { accountPhone, checkNotOwnStore } from '../coupons/limits.ts';
import {
  createPayment,
  findPayment,
  newReference,
  payerEmail,
  paymentsService,
} from '../payments/service.ts';
import { paymentsMode } from '../payments/setup.ts';
import { stockService } from '../catalog/stock-service.ts';
import { ordersService } from '../orders/service.ts';
import type { NewOrders } from '../orders/repository.ts';
import { orderViews } from '../orders/view.ts';
import { checkoutRepository } from './repository.ts';
import { priceCheckout, type Fulfilment, type PriceCoupon, type PriceStore } from './pricing.ts';
import type { CheckoutAnswer, PayAnswer, Quote } from './types.ts';

export interface CheckoutInput {
  fulfilment: 'delivery' | 'pickup';
  stateId?: number;
  cityId?: number;
  street?: string;
  phone: string;
  couponCode?: string;
  paymentMethod: 'paystack' | 'pay_on_delivery';
}

export type QuoteInput = Pick<CheckoutInput, 'fulfilment' | 'stateId' | 'couponCode'>;

/** Paystack's smallest charge. */
const MIN_PAYSTACK_KOBO = 100;

const fieldError = (fields: Record<string, string>) =>
  new HttpError(400, Object.values(fields)[0], 'VALIDATION', fields);

/** The delivery address and phone, checked against the lookups; every problem named by field. */
async function checkAddress(db: Db, i: CheckoutInput): Promise<Fulfilment> {
  const fields: Record<string, string> = {};
  const phoneProblem = checkPhone(i.phone ?? '');
  if (phoneProblem) fields.phone = phoneProblem;
  if (i.fulfilment === 'pickup') {
    if (Object.keys(fields).length) throw fieldError(fields);
    return { kind: 'pickup' };
  }
  if (!i.stateId) fields.stateId = 'Choose the state to deliver to';
  if (!i.cityId) fields.cityId = 'Choose the city or area';
  const street = (i.street ?? '').trim();
  if (street.length < 3) fields.street = 'Enter the street address';
  if (street.length > 200) fields.street = 'Use at most 200 characters for the street';
  if (i.stateId && i.cityId && !(await checkoutRepository(db).cityInState(i.cityId, i.stateId)))
    fields.cityId = 'This city is not in the chosen state';
  if (Object.keys(fields).length) throw fieldError(fields);
  return { kind: 'delivery', stateId: i.stateId! };
}

function storesOf(lines: CartRow[]): Map<number, PriceStore> {
  const m = new Map<number, PriceStore>();
  for (const l of lines)
    m.set(l.store_id, {
      id: l.store_id,
      name: l.store_name,
      stateId: l.store_state_id,
      deliveryFeeInStateKobo: Number(l.fee_in),
      deliveryFeeOtherStatesKobo: Number(l.fee_out),
    });
  return m;
}

const priceLines = (lines: CartRow[]) =>
  lines.map((l) => ({
    productId: l.product_id,
    storeId: l.store_id,
    name: l.name,
    unitPriceKobo: currentPrice(l),
    quantity: l.quantity,
  }));

/** Lines that cannot be bought as they are (sold out, gone, price changed): 409 with each named. */
function refuseProblems(lines: CartRow[]) {
  const problems = lines
    .map((l) => ({ l, p: lineProblem(l) }))
    .filter((x) => x.p !== null)
    .map((x) => `${x.l.name}: ${x.p}`);
  if (problems.length)
    throw new HttpError(
      409,
      `Your cart changed: ${problems.join('; ')}. Please review it.`,
      lines.some(
        (l) => l.active && l.stock >= l.quantity && currentPrice(l) !== Number(l.price_seen_kobo),
      )
        ? 'PRICE_CHANGED'
        : 'CART_CHANGED',
    );
}

const hashBody = (i: CheckoutInput) =>
  crypto
    .createHash('sha256')
    .update(
      JSON.stringify([
        i.fulfilment,
        i.stateId ?? null,
        i.cityId ?? null,
        (i.street ?? '').trim(),
        i.phone,
        (i.couponCode ?? '').trim().toUpperCase(),
        i.paymentMethod,
      ]),
    )
    .digest('hex');

async function summary(
  app: FastifyInstance,
  checkoutId: string,
  replayed: boolean,
  message?: string,
  placed?: NewOrders,
): Promise<CheckoutAnswer> {
  const db = app.db;
  // A checkout this request just placed answers with the rows it wrote (nothing else moves an
  // order before its buyer has seen the answer); a replay reads them.
  const orders = placed?.orders ?? (await ordersService(app).byCheckout(db, checkoutId));
  const views = await orderViews(db, orders, 'buyer', placed);
  const ref = orders[0]?.paymentReference;
  const p = ref ? await findPayment(db, ref) : undefined;
  return {
    status: true,
    checkoutId,
    replayed,
    orders: views,
    totalKobo: orders.reduce((a, o) => a + Number(o.totalKobo), 0),
    payment: p
      ? {
          reference: p.reference,
          status: p.status,
          authorizationUrl: p.status !== 'success' ? p.authorizationUrl : null,
          ...(message ? { message } : {}),
        }
      : null,
  };
}

export function checkoutService(app: FastifyInstance) {
  const db = app.db;
  const repo = checkoutRepository(db);

  /**
   * Places one order per store from the cart, once per Idempotency-Key. In one transaction:
   * the key row first (a second request with the key waits here, then answers with the first
   * one's orders), the coupon use, the stock (conditional updates in product order), the
   * orders, the payment and the job that returns the stock if it is not paid in time.
   */
  async function place(
    user: SessionUser,
    key: string,
    input: CheckoutInput,
    hash: string,
    known: () => Promise<string | null>,
  ): Promise<CheckoutAnswer> {
    const fulfilment = await checkAddress(db, input);
    if (input.paymentMethod === 'paystack' && !app.paystack)
      throw conflict('Online payment is not available right now. Please choose pay on delivery.');
    const phone = normalisePhone(input.phone)!;

    // The coupon's rules that depend on who buys: the account's phone and the contact phone.
    const who = { userId: user.id, accountPhone: user.phone, contactPhone: phone };
    const coupon = input.couponCode?.trim()
      ? await couponsService(db).usable(input.couponCode, who)
      : null;

    const outcome = await transaction(db, async (tx) => {
      const cart = cartService(tx);
      // The cart's rows are locked until its lines are removed with the orders placed: two
      // checkouts of one cart at once (two tabs, a new key per press) place it once; the other
      // then finds the cart empty. Otherwise each would charge an accepted offer's price again.
      // A second request with this key waits here too, then finds the cart empty and answers
      // with the first one's orders (`checkout`).
      const lines = await cart.lines(user.id, true);
      if (lines.length === 0) throw conflict('Your cart is empty');
      // A changed price is shown to the buyer before anything is bought at it: nothing is
      // written here; the prices are acknowledged once this transaction has ended.
      if (lines.some((l) => currentPrice(l) !== Number(l.price_seen_kobo)))
        return { kind: 'priceChanged' as const, lines };
      const checkoutId = crypto.randomUUID();
      if (!(await checkoutRepository(tx).claimKey(user.id, key, hash, checkoutId)))
        return { kind: 'replay' as const };
      refuseProblems(lines);
      const totals = priceCheckout({
        lines: priceLines(lines),
        stores: storesOf(lines),
        fulfilment,
        coupon,
        commissionRate: app.config.commissionRate,
      });
      if (coupon && totals.couponProblem)
        throw new HttpError(409, totals.couponProblem, 'COUPON_INVALID', {
          couponCode: totals.couponProblem,
        });
      if (coupon)
        await checkNotOwnStore(
          tx,
          coupon,
          totals.stores.map((g) => g.storeId),
          who,
        );
      if (input.paymentMethod === 'paystack' && totals.totalKobo < MIN_PAYSTACK_KOBO)
        throw badRequest(
          `Paystack takes payments of ${formatKobo(MIN_PAYSTACK_KOBO)} or more: choose pay on delivery`,
        );

      if (coupon && totals.discountKobo > 0)
        await couponsService(tx).take(coupon.row, who, {
          checkoutId,
          discountKobo: totals.discountKobo,
        });

      // Stock, through its one writer: one conditional update per part, always in product
      // order, so two checkouts never wait on each other in a cycle, and a count never goes
      // below zero. A part it cannot take rolls the whole checkout back.
      const short = await stockService(tx).take(
        lines.map((l) => ({ productId: l.product_id, quantity: l.quantity, name: l.name })),
      );
      if (short)
        throw new HttpError(
          409,
          `${short.name} sold out just now: there are fewer than ${short.quantity} left. Please review your cart.`,
          'OUT_OF_STOCK',
        );

      const paystack = input.paymentMethod === 'paystack';
      const reference = paystack ? newReference('SF') : null;
      const holdUntil = paystack ? new Date(Date.now() + app.config.orderHoldMs) : null;
      const placed = await ordersService(app).placeOrders(
        tx,
        totals.stores.map((g) => ({
          order: {
            checkoutId,
            buyerUserId: user.id,
            storeId: g.storeId,
            status: paystack ? 'pending_payment' : 'pay_on_delivery',
            paymentMethod: input.paymentMethod,
            fulfilment: fulfilment.kind,
            stateId: fulfilment.kind === 'delivery' ? input.stateId! : null,
            cityId: fulfilment.kind === 'delivery' ? input.cityId! : null,
            street: fulfilment.kind === 'delivery' ? input.street!.trim() : null,
            phone,
            subtotalKobo: g.subtotalKobo,
            discountKobo: g.discountKobo,
            deliveryFeeKobo: g.deliveryFeeKobo,
            totalKobo: g.totalKobo,
            commissionKobo: g.commissionKobo,
            couponId: g.discountKobo > 0 ? coupon!.id : null,
            discountBorneBy: g.discountBorneBy,
            paymentReference: reference,
            holdUntil,
          },
          items: g.lines.map((l) => ({
            productId: l.productId,
            name: l.name,
            unitPriceKobo: l.unitPriceKobo,
            quantity: l.quantity,
            lineTotalKobo: l.lineTotalKobo,
          })),
        })),
        user.id,
      );
      if (paystack) {
        await createPayment(tx, {
          reference: reference!,
          purpose: 'order',
          purposeId: checkoutId,
          userId: user.id,
          email: payerEmail(user),
          amountKobo: totals.totalKobo,
        });
        await enqueue(
          tx,
          'orders.expire',
          { checkoutId },
          { key: `orders.expire:${checkoutId}`, runAt: holdUntil! },
        );
      }
      // Pay on delivery: the buyer gets the receipt and the store hears of the order now
      // (Paystack orders: once paid).
      if (!paystack) await ordersService(app).announcePlaced(tx, placed, user);
      await cart.removeLines(
        user.id,
        lines.map((l) => l.product_id),
      );
      return { kind: 'placed' as const, checkoutId, placed, reference };
    });

    if (outcome.kind === 'priceChanged') {
      await cartService(db).acknowledgePrices(user.id);
      refuseProblems(outcome.lines); // a changed price is a line's problem: this throws
    }
    if (outcome.kind !== 'placed') {
      const id = await known();
      if (!id) throw conflict('This checkout is still being placed: try again in a moment');
      return summary(app, id, true);
    }
    let message: string | undefined;
    if (outcome.reference) {
      try {
        await paymentsService(app).authorize(outcome.reference);
      } catch (err) {
        if (!(err instanceof HttpError)) throw err;
        message = err.message;
      }
    }
    return summary(app, outcome.checkoutId, false, message, outcome.placed);
  }

  return {
    /** What the checkout would cost now (the summary box): nothing is written. */
    async quote(userId: string, q: QuoteInput): Promise<Quote> {
      const lines = (await cartService(db).lines(userId)).filter((l) => l.active && l.stock > 0);
      let coupon: PriceCoupon | null = null;
      let couponProblem: string | null = null;
      if (q.couponCode?.trim()) {
        try {
          const who = { userId, accountPhone: await accountPhone(db, userId) };
          const c = await couponsService(db).usable(q.couponCode, who);
          await checkNotOwnStore(db, c, [...storesOf(lines).keys()], who);
          coupon = c;
        } catch (err) {
          if (!(err instanceof HttpError)) throw err;
          couponProblem = err.message;
        }
      }
      const fulfilment: Fulfilment | null =
        q.fulfilment === 'pickup'
          ? { kind: 'pickup' }
          : q.stateId
            ? { kind: 'delivery', stateId: q.stateId }
            : null;
      const totals = priceCheckout({
        lines: priceLines(lines),
        stores: storesOf(lines),
        fulfilment,
        coupon,
        commissionRate: app.config.commissionRate,
      });
      return {
        status: true as const,
        ...totals,
        payments: paymentsMode(app),
        stores: totals.stores.map(({ commissionKobo: _c, discountBorneBy: _d, ...g }) => g),
        couponProblem: couponProblem ?? totals.couponProblem,
        coupon:
          coupon && !totals.couponProblem
            ? { code: coupon.code, kind: coupon.kind, value: coupon.value }
            : null,
      };
    },

    /** Places the cart's orders once per Idempotency-Key (see `place`); a replay answers the first. */
    async checkout(user: SessionUser, key: string, input: CheckoutInput): Promise<CheckoutAnswer> {
      const hash = hashBody(input);
      const known = async () => {
        const k = await repo.key(user.id, key);
        if (!k) return null;
        if (k.request_hash !== hash)
          throw new HttpError(
            422,
            'This Idempotency-Key was already used for a different checkout: send a new key',
            'IDEMPOTENCY_KEY_REUSED',
          );
        return k.result.checkoutId ?? null;
      };
      // A key already used is found when `place` claims it; a refusal on the way there (the
      // cart empty since the first request placed it, an address no longer valid) is answered
      // with that request's orders, or 422 when the key came with another checkout.
      try {
        return await place(user, key, input, hash, known);
      } catch (err) {
        if (err instanceof HttpError) {
          const id = await known().catch((e) => {
            if (e instanceof HttpError && e.code === 'IDEMPOTENCY_KEY_REUSED') throw e;
            return null;
          });
          if (id) return summary(app, id, true);
        }
        throw err;
      }
    },

    /** Another try at paying a checkout that awaits payment (the first Paystack page was closed). */
    async pay(userId: string, checkoutId: string): Promise<PayAnswer> {
      const orders = await ordersService(app).byCheckout(db, checkoutId);
      if (orders.length === 0 || orders[0].buyerUserId !== userId)
        throw new HttpError(404, 'No such checkout', 'NOT_FOUND');
      if (!orders.some((o) => o.status === 'pending_payment') || !orders[0].paymentReference)
        throw conflict('Nothing in this checkout awaits payment');
      const url = await paymentsService(app).authorize(orders[0].paymentReference);
      return {
        status: true as const,
        authorizationUrl: url,
        reference: orders[0].paymentReference,
      };
    },
  };
}
export type CheckoutService = ReturnType<typeof checkoutService>;
