import type { RequestItem } from './requests.ts';
import { browserApi } from './api.ts';
import { newClientKey } from './chat.ts';
import { onOutboxResult, outbox, requestSync, type OutboxEntry } from './outbox.ts';

/**
 * A broadcast request written without signal (decision 0028): kept in the same outbox as a
 * chat message (lib/outbox.ts, read by the service worker too) with a client key the API
 * dedups on, and sent when the signal returns: by the worker on Background Sync, or by the
 * /broadcast page on `online`. Loaded by the broadcast form's route only.
 */
export const REQUEST_OFFLINE_NOTE =
  'No signal: your request is saved on this phone and will be sent when you are back online';

export const REQUESTS_URL = '/api/requests';

const intOf = (v: string | null | undefined) => (v && /^\d{1,9}$/.test(v) ? Number(v) : null);

/** The API body of the broadcast form (its server action and its outbox copy alike). */
export function requestBodyOf(f: FormData) {
  const str = (k: string) => String(f.get(k) ?? '').trim();
  const num = (k: string) => intOf(str(k));
  const lat = Number(str('lat'));
  const lng = Number(str('lng'));
  const located = str('lat') !== '' && Number.isFinite(lat) && Number.isFinite(lng);
  return {
    kind: str('kind'),
    catId: num('catId'),
    specialityId: num('specialityId'),
    vehicleTypeId: num('vehicleTypeId'),
    towCapacityId: num('towCapacityId'),
    garageCarId: /^[0-9a-f-]{36}$/i.test(str('garageCarId')) ? str('garageCarId') : null,
    makeId: num('makeId'),
    modelId: num('modelId'),
    year: num('year'),
    ...(str('vin') ? { vin: str('vin') } : {}),
    stateId: num('stateId') ?? 0,
    cityId: num('cityId') ?? 0,
    ...(str('street') ? { street: str('street') } : {}),
    ...(located ? { lat, lng } : {}),
    description: str('description'),
    urgency: str('urgency'),
  };
}

export type Waiting = Pick<OutboxEntry, 'key' | 'at'> & { description: string };

const toWaiting = (e: OutboxEntry): Waiting => ({
  key: e.key,
  at: e.at,
  description: String((e.body as { description?: unknown }).description ?? ''),
});

/** The requests this phone keeps until the signal returns, oldest first. */
export const waitingRequests = async (): Promise<Waiting[]> =>
  (await outbox.all().catch(() => [])).filter((e) => e.kind === 'request').map(toWaiting);

/** Keeps a request in the outbox and asks the worker to send it when the signal returns. */
export async function keepRequest(body: ReturnType<typeof requestBodyOf>) {
  const key = newClientKey();
  await outbox.put({
    key,
    kind: 'request',
    url: REQUESTS_URL,
    body: { ...body, clientKey: key },
    at: Date.now(),
  });
  void requestSync();
  return key;
}

/** What became of a waiting request: sent (the API's item and message) or refused for good. */
export type Outcome =
  | { key: string; ok: true; item: RequestItem; message: string }
  | { key: string; ok: false; message: string };

/**
 * Sends the waiting requests from this page, each claimed first so the worker never sends it
 * at the same moment (and the client key makes even a double send one request). An entry
 * stays when there is no answer, a server error or a rate limit; it goes once stored or
 * refused for good (a 4xx).
 */
export async function sendWaitingRequests(): Promise<Outcome[]> {
  const out: Outcome[] = [];
  for (const e of await outbox.all().catch(() => [])) {
    if (e.kind !== 'request' || !(await outbox.claim(e.key).catch(() => false))) continue;
    const ans = await browserApi.post<RequestItem>(e.url, e.body);
    const retry = ans.httpStatus === 0 || ans.httpStatus >= 500 || ans.httpStatus === 429;
    if (retry) {
      await outbox.release(e.key).catch(() => undefined);
      void requestSync();
      continue;
    }
    await outbox.remove(e.key).catch(() => undefined);
    out.push(
      ans.status
        ? { key: e.key, ok: true, item: ans.item as RequestItem, message: ans.message ?? '' }
        : { key: e.key, ok: false, message: ans.message ?? 'Your saved request was not sent' },
    );
  }
  return out;
}

/** The worker's report of a request it sent from the outbox. */
export const onRequestSent = (fn: (o: Outcome) => void) =>
  onOutboxResult((r) => {
    if (r.kind !== 'request') return;
    fn(
      r.ok
        ? {
            key: r.key,
            ok: true,
            item: r.answer.item as RequestItem,
            message: r.answer.message ?? '',
          }
        : { key: r.key, ok: false, message: r.answer.message ?? 'Your saved request was not sent' },
    );
  });
