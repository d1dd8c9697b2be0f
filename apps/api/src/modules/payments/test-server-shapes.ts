import type { schema as s } from '@sf/db';

/**
 * The local Paystack server's answers and events, field for field as Paystack publishes them
 * (reference/openapi-paystack.yaml and the samples beside it). The contract test checks every
 * answer against that document, so a field added or renamed here must match it.
 */

export type Rec = typeof s.paystackTestRecords.$inferSelect;
type Data = Record<string, any>;

export const INTEGRATION = 100982;
const iso = (d: Date | string | null | undefined) =>
  d ? new Date(d).toISOString() : new Date().toISOString();

/** Banks that take NUBAN transfers (a subset of GET /bank for Nigeria). */
export const BANKS: { id: number; name: string; code: string; slug: string }[] = [
  { id: 1, name: 'Access Bank', code: '044', slug: 'access-bank' },
  { id: 2, name: 'Citibank Nigeria', code: '023', slug: 'citibank-nigeria' },
  { id: 3, name: 'Ecobank Nigeria', code: '050', slug: 'ecobank-nigeria' },
  { id: 4, name: 'Fidelity Bank', code: '070', slug: 'fidelity-bank' },
  { id: 5, name: 'First Bank of Nigeria', code: '011', slug: 'first-bank-of-nigeria' },
  { id: 6, name: 'First City Monument Bank', code: '214', slug: 'first-city-monument-bank' },
  { id: 7, name: 'Guaranty Trust Bank', code: '058', slug: 'guaranty-trust-bank' },
  { id: 8, name: 'Keystone Bank', code: '082', slug: 'keystone-bank' },
  { id: 9, name: 'Kuda Bank', code: '50211', slug: 'kuda-bank' },
  { id: 10, name: 'Moniepoint MFB', code: '50515', slug: 'moniepoint-mfb-ng' },
  { id: 11, name: 'OPay Digital Services Limited (OPay)', code: '999992', slug: 'paycom' },
  { id: 12, name: 'Polaris Bank', code: '076', slug: 'polaris-bank' },
  { id: 13, name: 'Stanbic IBTC Bank', code: '221', slug: 'stanbic-ibtc-bank' },
  { id: 14, name: 'Sterling Bank', code: '232', slug: 'sterling-bank' },
  { id: 15, name: 'Union Bank of Nigeria', code: '032', slug: 'union-bank-of-nigeria' },
  { id: 16, name: 'United Bank For Africa', code: '033', slug: 'united-bank-for-africa' },
  { id: 17, name: 'Wema Bank', code: '035', slug: 'wema-bank' },
  { id: 18, name: 'Zenith Bank', code: '057', slug: 'zenith-bank' },
];
export const bankByCode = (code: string) => BANKS.find((b) => b.code === code);

export function bankData(b: (typeof BANKS)[number]) {
  return {
    name: b.name,
    slug: b.slug,
    code: b.code,
    longcode: '',
    gateway: null,
    pay_with_bank: false,
    supports_transfer: true,
    available_for_direct_debit: false,
    active: true,
    is_deleted: false,
    country: 'Nigeria',
    currency: 'NGN',
    type: 'nuban',
    id: b.id,
    createdAt: '2020-12-07T16:19:09.000Z',
    updatedAt: '2020-12-07T16:19:19.000Z',
  };
}

function customer(d: Data) {
  return {
    id: d.customerId ?? 1,
    first_name: null,
    last_name: null,
    email: String(d.email ?? ''),
    customer_code: `CUS_${String(d.customerId ?? 1).padStart(8, '0')}`,
    phone: null,
    metadata: null,
    risk_action: 'default',
    international_format_phone: null,
  };
}

function authorization(d: Data) {
  return {
    authorization_code: `AUTH_${String(d.id)}`,
    bin: '408408',
    last4: '4081',
    exp_month: '12',
    exp_year: '2030',
    channel: d.channel ?? 'card',
    card_type: 'visa ',
    bank: 'TEST BANK',
    country_code: 'NG',
    brand: 'visa',
    reusable: false,
    signature: `SIG_${String(d.id)}`,
    account_name: null,
  };
}

/** The checkout's log, as Paystack records it (what the buyer did on the page). */
function paymentLog(r: Rec) {
  if (r.status !== 'success' && r.status !== 'failed') return null;
  const ok = r.status === 'success';
  return {
    start_time: Math.floor(new Date(r.createdAt).getTime() / 1000),
    time_spent: 4,
    attempts: 1,
    errors: ok ? 0 : 1,
    success: ok,
    mobile: false,
    input: [],
    history: [
      { type: 'action', message: 'Attempted to pay with card', time: 3 },
      ok
        ? { type: 'success', message: 'Successfully paid with card', time: 4 }
        : { type: 'error', message: 'Declined', time: 4 },
    ],
  };
}

/** GET /transaction/verify/:reference.  */
export function transactionData(r: Rec) {
  const d = r.data as Data;
  const created = iso(r.createdAt);
  return {
    id: d.id,
    domain: 'test',
    status: r.status,
    reference: r.code,
    receipt_number: null,
    amount: Number(r.amountKobo),
    message: null,
    gateway_response: d.gatewayResponse ?? 'The transaction was not completed',
    paid_at: d.paidAt ?? null,
    created_at: created,
    channel: d.channel ?? 'card',
    currency: d.currency ?? 'NGN',
    ip_address: '127.0.0.1',
    metadata: d.metadata ?? '',
    log: paymentLog(r),
    fees:
      r.status === 'success' ? Math.min(Math.round(Number(r.amountKobo) * 0.015), 200_000) : null,
    fees_split: null,
    authorization: authorization(d),
    customer: customer(d),
    plan: null,
    split: {},
    order_id: null,
    paidAt: d.paidAt ?? null,
    createdAt: created,
    requested_amount: Number(r.amountKobo),
    pos_transaction_data: null,
    source: null,
    fees_breakdown: null,
    connect: null,
    transaction_date: created,
    plan_object: {},
    subaccount: {},
  };
}

/** The charge.success event's data: the transaction as verify gives it, plan as an object. */
export function chargeEventData(r: Rec) {
  return { ...transactionData(r), plan: {} };
}

/** GET /transaction/:id: the same transaction, in fetch's published shape. */
export function transactionFetchData(r: Rec) {
  const d = r.data as Data;
  const t = transactionData(r);
  return {
    ...t,
    helpdesk_link: null,
    paid_at: d.paidAt ?? '',
    paidAt: d.paidAt ?? '',
    metadata: { custom_fields: [], ...(typeof d.metadata === 'object' ? d.metadata : {}) },
    fees: t.fees ?? 0,
    customer: {
      ...t.customer,
      first_name: '',
      last_name: '',
      phone: '',
      metadata: {},
      international_format_phone: '',
    },
    plan: {},
    source: { type: 'api', source: 'merchant_api', identifier: null },
    authorization: {
      ...t.authorization,
      receiver_bank_account_number: null,
      receiver_bank: null,
    },
    transaction_date: undefined,
    plan_object: undefined,
  };
}

/** POST /refund: the refund with its transaction, as created. */
export function refundCreateData(rf: Rec, t: Rec) {
  const d = rf.data as Data;
  const td = t.data as Data;
  return {
    transaction: {
      id: td.id,
      domain: 'test',
      reference: t.code,
      amount: Number(t.amountKobo),
      paid_at: td.paidAt ?? '',
      channel: td.channel ?? 'card',
      currency: 'NGN',
      authorization: { exp_month: null, exp_year: null, account_name: null },
      customer: { international_format_phone: null },
      plan: {},
      subaccount: { currency: null },
      split: {},
      order_id: null,
      paidAt: td.paidAt ?? '',
      pos_transaction_data: null,
      source: null,
      fees_breakdown: null,
    },
    integration: INTEGRATION,
    deducted_amount: 0,
    channel: null,
    merchant_note: d.merchantNote ?? `Refund for transaction ${t.code}`,
    customer_note: d.customerNote ?? `Refund for transaction ${t.code}`,
    status: rf.status,
    refunded_by: 'api',
    expected_at: iso(new Date(new Date(rf.createdAt).getTime() + 9 * 86_400_000)),
    currency: 'NGN',
    domain: 'test',
    amount: Number(rf.amountKobo),
    fully_deducted: false,
    id: d.id,
    createdAt: iso(rf.createdAt),
    updatedAt: iso(d.updatedAt ?? rf.createdAt),
  };
}

/** GET /refund and GET /refund/:id. */
export function refundData(rf: Rec) {
  const d = rf.data as Data;
  return {
    integration: INTEGRATION,
    transaction: d.transactionId,
    dispute: null,
    settlement: null,
    id: d.id,
    domain: 'test',
    currency: 'NGN',
    amount: Number(rf.amountKobo),
    status: rf.status,
    refunded_at: rf.status === 'processed' ? iso(d.updatedAt) : null,
    refunded_by: 'api',
    customer_note: d.customerNote ?? `Refund for transaction ${rf.reference}`,
    merchant_note: d.merchantNote ?? `Refund for transaction ${rf.reference}`,
    deducted_amount: rf.status === 'processed' ? Number(rf.amountKobo) : 0,
    fully_deducted: rf.status === 'processed' ? 1 : 0,
    createdAt: iso(rf.createdAt),
    bank_reference: null,
    transaction_reference: String(rf.reference),
    reason: d.customerNote ?? '',
    customer: {
      id: 1,
      first_name: '',
      last_name: '',
      email: String(d.email ?? ''),
      customer_code: 'CUS_00000001',
      phone: '',
      metadata: '',
      risk_action: 'default',
      international_format_phone: '',
    },
    refund_type: 'full',
    transaction_amount: Number(d.transactionAmount ?? rf.amountKobo),
    initiated_by: 'api',
    refund_channel: 'card',
    session_id: null,
    collect_account_number: false,
  };
}

/** refund.pending / processing / processed / failed / needs-attention: the published event data. */
export function refundEventData(rf: Rec) {
  const d = rf.data as Data;
  // Only the needs-attention sample names the refund (its id, as a string) and its notes.
  const named =
    rf.status === 'needs-attention'
      ? {
          id: String(d.id),
          customer_note: d.customerNote ?? `Refund for transaction ${rf.reference}`,
          merchant_note: d.merchantNote ?? `Refund for transaction ${rf.reference}`,
        }
      : {};
  return {
    status: rf.status,
    transaction_reference: String(rf.reference),
    refund_reference: rf.status === 'pending' ? null : (d.refundReference ?? null),
    // The published samples give the amount as a string, except refund.failed's and
    // refund.needs-attention's.
    amount: ['failed', 'needs-attention'].includes(rf.status)
      ? Number(rf.amountKobo)
      : String(rf.amountKobo),
    currency: 'NGN',
    processor: 'instant-transfer',
    customer: { first_name: null, last_name: null, email: String(d.email ?? '') },
    integration: INTEGRATION,
    domain: 'test',
    ...named,
  };
}

function recipientBody(rc: Rec) {
  const d = rc.data as Data;
  const bank = bankByCode(String(d.bankCode));
  return {
    active: true,
    createdAt: iso(rc.createdAt),
    currency: 'NGN',
    description: '',
    domain: 'test',
    email: '',
    id: d.id,
    integration: INTEGRATION,
    metadata: null,
    name: String(d.name ?? ''),
    recipient_code: rc.code,
    type: 'nuban',
    updatedAt: iso(rc.createdAt),
    is_deleted: false,
    isDeleted: false,
    details: {
      authorization_code: null,
      account_number: String(d.accountNumber),
      account_name: d.accountName ?? null,
      bank_code: String(d.bankCode),
      bank_name: bank?.name ?? '',
    },
  };
}

/** POST /transferrecipient. */
export const recipientData = recipientBody;

/** POST /transfer (the recipient is its id here, as published). */
export function transferInitiateData(tr: Rec, rc: Rec) {
  const d = tr.data as Data;
  return {
    transfersessionid: [],
    transfertrials: [],
    domain: 'test',
    amount: Number(tr.amountKobo),
    currency: 'NGN',
    reference: String(tr.reference),
    source: 'balance',
    source_details: null,
    reason: String(d.reason ?? ''),
    status: tr.status,
    failures: null,
    transfer_code: String(d.transferCode),
    titan_code: null,
    transferred_at: null,
    id: d.id,
    integration: INTEGRATION,
    request: d.id,
    recipient: (rc.data as Data).id,
    createdAt: iso(tr.createdAt),
    updatedAt: iso(d.updatedAt ?? tr.createdAt),
  };
}

/** transfer.success / failed / reversed: as verify gives it, the integration named in full. */
export function transferEventData(tr: Rec, rc: Rec) {
  const t = transferData(tr, rc);
  return {
    ...t,
    // The published samples name the times both ways (older events snake_case).
    created_at: t.createdAt,
    updated_at: t.updatedAt,
    integration: { id: INTEGRATION, is_live: false, business_name: 'SpareFinder NG (test)' },
  };
}

/** GET /transfer/verify/:reference and GET /transfer/:code. */
export function transferData(tr: Rec, rc: Rec) {
  const d = tr.data as Data;
  return {
    amount: Number(tr.amountKobo),
    createdAt: iso(tr.createdAt),
    currency: 'NGN',
    domain: 'test',
    failures: null,
    id: d.id,
    integration: INTEGRATION,
    reason: String(d.reason ?? ''),
    reference: String(tr.reference),
    source: 'balance',
    source_details: null,
    status: tr.status,
    titan_code: null,
    transfer_code: String(d.transferCode),
    request: d.id,
    transferred_at: tr.status === 'success' || tr.status === 'reversed' ? iso(d.updatedAt) : null,
    updatedAt: iso(d.updatedAt ?? tr.createdAt),
    recipient: recipientBody(rc),
    session: { provider: null, id: null },
    fee_charged: 0,
    fees_breakdown: null,
    gateway_response: null,
  };
}
