import type { MessageItem } from '@sf/api/types';
import { browserApi, type ApiAnswer } from './api.ts';
import { OUTBOX_FLAG } from './chat.ts';

// ---- The outbox: a message is kept from the moment it is written until the API has stored it,
// so one written offline (or lost with the connection) goes out when the phone is back: from
// this page, the next one, or the service worker with every page closed (decision 0028). It
// lives in IndexedDB (lib/outbox.ts), mirrored here so the panel reads it at once. Its client
// key makes every resend safe (decision 0017).

export interface Pending {
  clientKey: string;
  /** 'support' or a thread id. */
  to: 'support' | number;
  body: string;
  at: number;
}

const pathOf = (to: Pending['to']) =>
  to === 'support' ? '/api/chat/support/messages' : `/api/chat/threads/${to}/messages`;

// The IndexedDB code loads only on a phone that has written a message (the flag says so), so
// the pages most visitors open never carry it (the 120 KB budget, decision 0009).
const store = () => import('./outbox.ts');
const flagged = () => {
  try {
    return localStorage.getItem(OUTBOX_FLAG) === '1';
  } catch {
    return false;
  }
};
const flag = (on: boolean) => {
  try {
    if (on) localStorage.setItem(OUTBOX_FLAG, '1');
    else localStorage.removeItem(OUTBOX_FLAG);
  } catch {
    /* private mode: the outbox still works while this page is open */
  }
};

let mem: Pending[] = [];
/** The outbox as this page last read it (loaded from IndexedDB by `outboxReady`). */
export const pending = (): Pending[] => mem;
let loaded: Promise<void> | null = null;
export function outboxReady(): Promise<void> {
  if (!flagged()) return Promise.resolve();
  loaded ??= store()
    .then(({ outbox }) => outbox.all())
    .then((all) => {
      const known = new Set(mem.map((p) => p.clientKey));
      const chats = all.filter((e) => e.kind === 'chat');
      if (all.length === 0) flag(false);
      for (const e of chats)
        if (!known.has(e.key))
          mem.push({
            clientKey: e.key,
            to: e.to ?? 'support',
            body: (e.body as { body: string }).body,
            at: e.at,
          });
    })
    .catch(() => undefined);
  return loaded;
}

export async function queue(p: Pending) {
  mem = [...mem.filter((x) => x.clientKey !== p.clientKey), p];
  flag(true);
  await store()
    .then(({ outbox }) =>
      outbox.put({
        key: p.clientKey,
        kind: 'chat',
        url: pathOf(p.to),
        body: { body: p.body, clientKey: p.clientKey },
        at: p.at,
        to: p.to,
      }),
    )
    .catch(() => undefined); // no IndexedDB: it still goes out while this page is open
}
/** Forgets a message (stored, or refused for good), here and in IndexedDB. */
export function drop(key: string) {
  mem = mem.filter((x) => x.clientKey !== key);
  void store()
    .then(({ outbox }) => outbox.remove(key))
    .catch(() => undefined);
}

/** `offline`: no answer at all; else a retry waits on the server (busy, or a limit it names). */
export type SendResult =
  | { ok: true; item: MessageItem }
  | { ok: false; retry: boolean; offline: boolean; message: string };

/** Sends one queued message; it leaves the outbox once stored or refused for good (a 4xx). */
export async function sendPending(p: Pending): Promise<SendResult> {
  // The service worker may be sending it right now: then it reports the result.
  const claimed = await store()
    .then(({ outbox }) => outbox.claim(p.clientKey))
    .catch(() => true);
  if (!claimed) return { ok: false, retry: true, offline: false, message: 'Sending…' };
  const ans = (await browserApi.post(pathOf(p.to), {
    body: p.body,
    clientKey: p.clientKey,
  })) as ApiAnswer;
  if (ans.status) {
    drop(p.clientKey);
    return { ok: true, item: ans.item as MessageItem };
  }
  // No answer, a server error or a rate limit: keep it and try again later.
  const retry = ans.httpStatus === 0 || ans.httpStatus >= 500 || ans.httpStatus === 429;
  if (retry) {
    const { outbox, requestSync } = await store();
    await outbox.release(p.clientKey).catch(() => undefined);
    // With the page closed, the worker sends it when the signal returns.
    void requestSync();
  } else drop(p.clientKey);
  return { ok: false, retry, offline: ans.httpStatus === 0, message: ans.message ?? 'Not sent' };
}

/** Adds messages to a list by id, in id order, without duplicates. */
export function merge(list: MessageItem[], more: MessageItem[]): MessageItem[] {
  const byId = new Map(list.map((m) => [m.id, m]));
  for (const m of more) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}
