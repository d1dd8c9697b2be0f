import crypto from 'node:crypto';
import { formStatus, notFound, serverApi, throwUnlessOk } from './api.server.ts';
import { nairaToKobo } from './seller.ts';

export async function findOrders(context: unknown, params: URLSearchParams) {
  const ans = await serverApi(context).get(`/api/admin/orders?${params}`);
  throwUnlessOk(ans, { what: 'Order list' });
  return { items: ans.items, lastId: ans.lastId ?? null };
}

export async function loadAdminOrder(context: unknown, id: string) {
  if (!/^\d{1,9}$/.test(id)) throw notFound('Order not found');
  const ans = await serverApi(context).get(`/api/admin/orders/${id}`);
  throwUnlessOk(ans, { what: 'Order', invalidIsMissing: true });
  // A fresh key per page view: the same refund form sent twice refunds once.
  return { ...ans, requestKey: crypto.randomUUID() };
}

const NEEDS_CONFIRM = ['refund', 'release'];
const PATHS: Record<string, string> = {
  refund: 'refund',
  hold: 'hold',
  unhold: 'unhold',
  release: 'release',
};

/** One admin action on an order, from its page's form; answers { ok, message, status }. */
export async function orderAction(context: unknown, id: string, form: FormData) {
  const intent = String(form.get('intent') ?? '');
  if (!PATHS[intent] || !/^\d{1,9}$/.test(id))
    return { ok: false, message: 'Unknown action', status: 400 };
  if (NEEDS_CONFIRM.includes(intent) && form.get('confirm') !== 'yes')
    return { ok: false, message: 'Tick the box to confirm: money moves at once', status: 400 };
  const note = String(form.get('note') ?? '').trim() || undefined;
  const body: Record<string, unknown> = { note };
  if (intent === 'refund') {
    const kobo = nairaToKobo(String(form.get('amount') ?? ''));
    if (!kobo || Number.isNaN(kobo) || kobo < 1)
      return { ok: false, message: 'Enter the amount to refund in naira, e.g. 2500', status: 400 };
    Object.assign(body, {
      amountKobo: kobo,
      requestKey: String(form.get('requestKey') ?? ''),
      password: String(form.get('password') ?? '') || undefined,
    });
  }
  const ans = await serverApi(context).post<never>(
    `/api/admin/orders/${id}/${PATHS[intent]}`,
    body,
  );
  return {
    ok: ans.status,
    message: ans.message ?? (ans.status ? 'Done' : 'That did not work: please try again'),
    status: ans.status ? 200 : formStatus(ans),
  };
}
