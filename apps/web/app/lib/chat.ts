import type { MessageItem, ThreadItem } from '@sf/api/types';
import { browserApi, type ApiAnswer } from './api.ts';

export type { MessageItem, ThreadItem };

/** What the Chat button opens: support, one of my threads, or the thread about a subject. */
export type ChatTarget =
  | { kind: 'support' }
  | { kind: 'thread'; id: number }
  | {
      kind: 'subject';
      subject: 'product' | 'order' | 'request';
      subjectId: number;
      offerId?: number;
    };

const OPEN_EVENT = 'sf:chat-open';
/** Set once a guest has a support thread, so later pages follow it live (the cookie is HttpOnly). */
export const GUEST_FLAG = 'sf-chat-guest';

/** Opens the floating chat panel (from a 'Chat with seller' button anywhere on the page). */
export function openChat(target: ChatTarget) {
  window.dispatchEvent(new CustomEvent(OPEN_EVENT, { detail: target }));
}
export function onOpenChat(fn: (t: ChatTarget) => void) {
  const h = (e: Event) => fn((e as CustomEvent<ChatTarget>).detail);
  window.addEventListener(OPEN_EVENT, h);
  return () => window.removeEventListener(OPEN_EVENT, h);
}

/** The no-JavaScript page of a thread (and the support chat's). */
export const chatPath = (id?: number) => (id ? `/chat/${id}` : '/chat');

// ---- The outbox: a message is kept here from the moment it is written until the API has
// stored it, so one written offline (or lost with the connection) goes out when the phone is
// back, from this page or the next one. Its client key makes every resend safe (decision 0017).

export interface Pending {
  clientKey: string;
  /** 'support' or a thread id. */
  to: 'support' | number;
  body: string;
  at: number;
}
const OUTBOX = 'sf-chat-outbox';

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}
export function pending(): Pending[] {
  try {
    return JSON.parse(storage()?.getItem(OUTBOX) ?? '[]') as Pending[];
  } catch {
    return [];
  }
}
function save(list: Pending[]) {
  try {
    storage()?.setItem(OUTBOX, JSON.stringify(list));
  } catch {
    // Storage full or off: the message still goes out while this page is open.
  }
}
export const newClientKey = () =>
  `c${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`;

export function queue(p: Pending) {
  save([...pending().filter((x) => x.clientKey !== p.clientKey), p]);
}
const drop = (key: string) => save(pending().filter((x) => x.clientKey !== key));

export type SendResult =
  { ok: true; item: MessageItem } | { ok: false; retry: boolean; message: string };

/** Sends one queued message; it leaves the outbox once stored or refused for good (a 4xx). */
export async function sendPending(p: Pending): Promise<SendResult> {
  const path =
    p.to === 'support' ? '/api/chat/support/messages' : `/api/chat/threads/${p.to}/messages`;
  const ans = (await browserApi.post(path, { body: p.body, clientKey: p.clientKey })) as ApiAnswer;
  if (ans.status) {
    drop(p.clientKey);
    return { ok: true, item: ans.item as MessageItem };
  }
  // No answer, a server error or a rate limit: keep it and try again later.
  const retry = ans.httpStatus === 0 || ans.httpStatus >= 500 || ans.httpStatus === 429;
  if (!retry) drop(p.clientKey);
  return { ok: false, retry, message: ans.message ?? 'Not sent' };
}

/** Adds messages to a list by id, in id order, without duplicates. */
export function merge(list: MessageItem[], more: MessageItem[]): MessageItem[] {
  const byId = new Map(list.map((m) => [m.id, m]));
  for (const m of more) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}
