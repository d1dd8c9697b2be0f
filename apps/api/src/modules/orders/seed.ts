import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { rows, schema as s, type Db } from '@sf/db';
import { transaction } from '../../lib/tx.ts';
import { account, post } from '../ledger/ledger.ts';
import { priceCheckout, type PriceCoupon } from '../checkout/pricing.ts';
import { stockService } from '../catalog/stock-service.ts';
import { releaseEntries } from './service.ts';
import type { OrderStatus } from './states.ts';

const DEMO_COMMISSION = 0.05;

/** The demo coupons: a 10% welcome code for everyone, a Ladipo store code, one used up. */
const COUPONS = [
  {
    code: 'WELCOME10',
    kind: 'percent',
    value: 10,
    minOrderKobo: 0,
    // A first-order coupon: once per account and once per phone number.
    perAccountLimit: 1,
    perPhoneLimit: 1,
    description: '10% off your first parts',
  },
  {
    code: 'LADIPO2000',
    kind: 'fixed',
    value: 200_000,
    minOrderKobo: 2_000_000,
    description: '₦2,000 off ₦20,000 or more at Ladipo Genuine Parts',
    store: 'Ladipo Genuine Parts',
  },
  {
    code: 'NEWYEAR5',
    kind: 'percent',
    value: 5,
    minOrderKobo: 0,
    usageLimit: 1,
    usedCount: 1,
    description: '5% off (used up)',
  },
] as const;

interface DemoOrder {
  /** The moves after placing, in order. */
  path: OrderStatus[];
  method: 'paystack' | 'pay_on_delivery';
  store: 'ladipo' | 'other';
  /** Product picks (index into the store's products) and quantities. */
  lines: [number, number][];
  daysAgo: number;
  fulfilment: 'delivery' | 'pickup';
  coupon?: 'WELCOME10';
  note?: string;
}

// The demo buyer's purchases: every state shows up once; the Ladipo store gets incoming
// orders to act on and a balance from completed ones.
const ORDERS: DemoOrder[] = [
  {
    path: ['paid', 'processing', 'shipped', 'delivered', 'completed'],
    method: 'paystack',
    store: 'ladipo',
    lines: [
      [0, 1],
      [1, 2],
    ],
    daysAgo: 20,
    fulfilment: 'delivery',
    coupon: 'WELCOME10',
  },
  {
    path: ['paid', 'processing', 'shipped', 'delivered', 'completed'],
    method: 'paystack',
    store: 'ladipo',
    lines: [[2, 1]],
    daysAgo: 14,
    fulfilment: 'pickup',
  },
  {
    path: ['paid', 'processing', 'shipped', 'delivered'],
    method: 'paystack',
    store: 'ladipo',
    lines: [[3, 1]],
    daysAgo: 3,
    fulfilment: 'delivery',
  },
  {
    path: ['paid', 'processing', 'shipped'],
    method: 'paystack',
    store: 'other',
    lines: [[0, 1]],
    daysAgo: 2,
    fulfilment: 'delivery',
    note: 'GIG Logistics, waybill GIG-4471-0932',
  },
  {
    path: ['paid'],
    method: 'paystack',
    store: 'ladipo',
    lines: [[4, 1]],
    daysAgo: 0,
    fulfilment: 'delivery',
  },
  {
    path: [],
    method: 'pay_on_delivery',
    store: 'ladipo',
    lines: [[5, 2]],
    daysAgo: 0,
    fulfilment: 'delivery',
  },
  {
    path: ['processing'],
    method: 'pay_on_delivery',
    store: 'other',
    lines: [[1, 1]],
    daysAgo: 1,
    fulfilment: 'delivery',
  },
  {
    path: ['cancelled'],
    method: 'pay_on_delivery',
    store: 'ladipo',
    lines: [[6, 1]],
    daysAgo: 9,
    fulfilment: 'pickup',
    note: 'Bought the part at a shop nearer home',
  },
];

const byRole = (to: OrderStatus) =>
  to === 'paid' ? 'system' : to === 'completed' || to === 'cancelled' ? 'buyer' : 'seller';

/**
 * Demo commerce data (skipped when the demo buyer already has orders): coupons, the demo buyer's
 * orders in every state, incoming orders and a balance for the demo seller's store. Written the
 * way checkout, payments and the order moves write them: the same ledger postings, so the
 * balances are sums of entries like any other.
 */
export async function seedCommerce(db: Db) {
  const [buyer] = await rows<{ id: string; email: string }>(
    db,
    sql`select id, email from users where email = 'buyer@demo.ng'`,
  );
  const [ladipo] = await rows<{ id: number; state_id: number }>(
    db,
    sql`select id, state_id from stores where name = 'Ladipo Genuine Parts' order by id limit 1`,
  );
  if (!buyer || !ladipo) return;
  const [{ n }] = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from orders where buyer_user_id = ${buyer.id}`,
  );
  if (n > 0) return;
  const [other] = await rows<{ id: number; state_id: number }>(
    db,
    sql`select id, state_id from stores where id <> ${ladipo.id} and state_id <> ${ladipo.state_id} order by id limit 1`,
  );
  const [place] = await rows<{ state_id: number; city_id: number }>(
    db,
    sql`select s.id as state_id, c.id as city_id from states s join cities c on c.state_id = s.id
        where s.name = 'Lagos' and c.name = 'Ikeja'`,
  );
  const stores = new Map<
    number,
    {
      id: number;
      name: string;
      stateId: number;
      deliveryFeeInStateKobo: number;
      deliveryFeeOtherStatesKobo: number;
    }
  >();
  const productsOf = async (storeId: number) =>
    rows<{ prod_id: number; name: string; price: number; store_id: number; stock: number }>(
      db,
      sql`select prod_id, name, coalesce(sales_kobo, price_kobo) as price, store_id, stock
          from products where store_id = ${storeId} and active and stock >= 3 order by prod_id limit 8`,
    );
  const catalogue = {
    ladipo: await productsOf(ladipo.id),
    other: other ? await productsOf(other.id) : [],
  };
  for (const id of [ladipo.id, other?.id].filter((x): x is number => !!x)) {
    const [st] = await rows<{ name: string; state_id: number; fee_in: number; fee_out: number }>(
      db,
      sql`select name, state_id, delivery_fee_in_state_kobo as fee_in, delivery_fee_other_states_kobo as fee_out from stores where id = ${id}`,
    );
    stores.set(id, {
      id,
      name: st.name,
      stateId: st.state_id,
      deliveryFeeInStateKobo: Number(st.fee_in),
      deliveryFeeOtherStatesKobo: Number(st.fee_out),
    });
  }

  await transaction(db, async (tx) => {
    const couponIds = new Map<string, number>();
    for (const c of COUPONS) {
      const storeId = 'store' in c ? ladipo.id : null;
      const [row] = await tx
        .insert(s.coupons)
        .values({
          code: c.code,
          kind: c.kind,
          value: c.value,
          minOrderKobo: c.minOrderKobo,
          usageLimit: 'usageLimit' in c ? c.usageLimit : null,
          usedCount: 'usedCount' in c ? c.usedCount : 0,
          perAccountLimit: 'perAccountLimit' in c ? c.perAccountLimit : null,
          perPhoneLimit: 'perPhoneLimit' in c ? c.perPhoneLimit : null,
          storeId,
          description: c.description,
        })
        .onConflictDoNothing()
        .returning();
      if (row) couponIds.set(c.code, row.id);
    }

    for (const d of ORDERS) {
      const list = catalogue[d.store];
      const picks = d.lines
        .map(([i, q]) => ({ p: list[i % Math.max(1, list.length)], q }))
        .filter((x) => x.p);
      if (picks.length === 0) continue;
      const storeId = picks[0].p.store_id;
      const welcome = couponIds.get('WELCOME10');
      const coupon: PriceCoupon | null =
        d.coupon && welcome
          ? {
              id: welcome,
              code: 'WELCOME10',
              kind: 'percent',
              value: 10,
              minOrderKobo: 0,
              storeId: null,
            }
          : null;
      const totals = priceCheckout({
        lines: picks.map(({ p, q }) => ({
          productId: p.prod_id,
          storeId,
          name: p.name,
          unitPriceKobo: Number(p.price),
          quantity: q,
        })),
        stores,
        fulfilment:
          d.fulfilment === 'pickup'
            ? { kind: 'pickup' }
            : { kind: 'delivery', stateId: place.state_id },
        coupon,
        commissionRate: DEMO_COMMISSION,
      });
      const g = totals.stores[0];
      const at = (h: number) => new Date(Date.now() - d.daysAgo * 86_400_000 + h * 3_600_000);
      const checkoutId = crypto.randomUUID();
      const reference = d.method === 'paystack' ? `SF_demo_${checkoutId.slice(0, 12)}` : null;
      const final =
        d.path.at(-1) ?? (d.method === 'paystack' ? 'pending_payment' : 'pay_on_delivery');
      const [o] = await tx
        .insert(s.orders)
        .values({
          checkoutId,
          buyerUserId: buyer.id,
          storeId,
          status: final,
          paymentMethod: d.method,
          fulfilment: d.fulfilment,
          stateId: d.fulfilment === 'delivery' ? place.state_id : null,
          cityId: d.fulfilment === 'delivery' ? place.city_id : null,
          street: d.fulfilment === 'delivery' ? '27 Opebi Road' : null,
          phone: '+2348031234567',
          subtotalKobo: g.subtotalKobo,
          discountKobo: g.discountKobo,
          deliveryFeeKobo: g.deliveryFeeKobo,
          totalKobo: g.totalKobo,
          commissionKobo: g.commissionKobo,
          couponId: g.discountKobo > 0 ? coupon!.id : null,
          discountBorneBy: g.discountBorneBy,
          paymentReference: reference,
          paidAt: d.path.includes('paid') ? at(0.2) : null,
          deliveredAt: d.path.includes('delivered') ? at(30) : null,
          shippingNote: d.path.includes('shipped')
            ? (d.note ?? 'Sent with our dispatch rider')
            : null,
          cancelReason: final === 'cancelled' ? (d.note ?? '') : null,
          createdAt: at(0),
          updatedAt: at(d.path.length),
        })
        .returning();
      await tx.insert(s.orderItems).values(
        g.lines.map((l) => ({
          orderId: o.id,
          productId: l.productId,
          name: l.name,
          unitPriceKobo: l.unitPriceKobo,
          quantity: l.quantity,
          lineTotalKobo: l.lineTotalKobo,
        })),
      );
      // Stock is taken through its one writer, line by line (a part short of stock is skipped).
      if (final !== 'cancelled') for (const l of g.lines) await stockService(tx).take([l]);
      let from: string = d.method === 'paystack' ? 'pending_payment' : 'pay_on_delivery';
      await tx.insert(s.orderEvents).values({
        orderId: o.id,
        fromStatus: null,
        toStatus: from,
        actorUserId: buyer.id,
        actorRole: 'buyer',
        note: 'Order placed',
        createdAt: at(0),
      });
      for (const [i, to] of d.path.entries()) {
        await tx.insert(s.orderEvents).values({
          orderId: o.id,
          fromStatus: from,
          toStatus: to,
          actorUserId: byRole(to) === 'buyer' ? buyer.id : null,
          actorRole: byRole(to),
          note:
            to === 'paid'
              ? `Paystack payment ${reference}`
              : to === 'cancelled'
                ? (d.note ?? '')
                : '',
          createdAt: to === 'delivered' ? at(30) : at(0.2 + i * 6),
        });
        from = to;
      }
      if (reference) {
        await tx.insert(s.payments).values({
          reference,
          purpose: 'order',
          purposeId: checkoutId,
          userId: buyer.id,
          email: buyer.email,
          amountKobo: g.totalKobo,
          status: 'success',
          channel: 'card',
          paidAt: at(0.2),
          createdAt: at(0),
        });
        await post(tx, {
          kind: 'payment',
          ref: reference,
          memo: `Paystack card payment for order ${checkoutId} (demo)`,
          entries: [
            { account: account.clearing, amountKobo: -g.totalKobo },
            { account: account.escrow(o.id), amountKobo: g.totalKobo },
          ],
        });
        if (final === 'completed')
          await post(tx, {
            kind: 'release',
            ref: String(o.id),
            memo: `Order ${o.id} received: released to the store (demo)`,
            entries: await releaseEntries(tx, o),
          });
      }
    }
    if (couponIds.has('WELCOME10'))
      await tx.execute(sql`update coupons set used_count = 1 where code = 'WELCOME10'`);
  });
}
