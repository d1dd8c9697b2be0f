import { useSyncExternalStore } from 'react';
import type { MessageItem, ThreadItem } from '@sf/api/types';

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

/** Set once a guest has a support thread, so later pages follow it live (the cookie is HttpOnly). */
export const GUEST_FLAG = 'sf-chat-guest';

// Who hears openChat(): ChatButton, from an effect. React attaches a page's click handlers when
// it commits the hydration but runs effects a moment later, and on a slow phone a tap can land
// in between: the Chat link's handler ran (no navigation to /chat) but nobody heard it, so the
// first tap did nothing. Such a tap now waits here for the listener (briefly: one made long ago,
// on a page without chat, must not open the panel on a later one).
type OpenHandler = (t: ChatTarget | 'list') => void;
const openHandlers = new Set<OpenHandler>();
const EARLY_TAP_MS = 10_000;
let early: { target: ChatTarget | 'list'; at: number } | null = null;

/** Opens the chat panel (from the header's Chat, or a 'Chat with seller' button anywhere). */
export function openChat(target: ChatTarget | 'list') {
  if (openHandlers.size === 0) {
    early = { target, at: Date.now() };
    return;
  }
  for (const fn of openHandlers) fn(target);
}
export function onOpenChat(fn: OpenHandler) {
  openHandlers.add(fn);
  const tap = early;
  early = null;
  if (tap && Date.now() - tap.at < EARLY_TAP_MS) fn(tap.target);
  return () => {
    openHandlers.delete(fn);
  };
}

// ---- The badge: the panel's host (ChatButton) knows the unread count and what waits; the
// header's Chat link shows it. A tiny store between the two, since they sit apart in the page.

export interface ChatBadge {
  unread: number;
  /** What pressing Chat opens: support, the one conversation waiting, or the list. */
  opens: ChatTarget | 'list';
}
const NO_BADGE: ChatBadge = { unread: 0, opens: { kind: 'support' } };
let badge = NO_BADGE;
const badgeListeners = new Set<() => void>();
export function setChatBadge(next: ChatBadge) {
  badge = next;
  for (const l of badgeListeners) l();
}
export function useChatBadge(): ChatBadge {
  return useSyncExternalStore(
    (l) => {
      badgeListeners.add(l);
      return () => badgeListeners.delete(l);
    },
    () => badge,
    () => NO_BADGE,
  );
}

/** The customer chat stays out of the staff's pages: staff answer in /admin/support. */
export const chatHiddenOn = (pathname: string) => /^\/admin(\/|$)/.test(pathname);

/** The no-JavaScript page of a thread (and the support chat's). */
export const chatPath = (id?: number) => (id ? `/chat/${id}` : '/chat');

// ---- Whether this phone has chat waiting to be followed: the chat host (chat-host.tsx, with the
// outbox of lib/chat-outbox.ts) loads only then, or when Chat is opened, so a guest's pages never
// carry it (the 120 KB budget, decision 0009).

/** Set while the outbox holds a message (lib/chat-outbox.ts). */
export const OUTBOX_FLAG = 'sf-outbox';
/** Does this phone have a chat to follow: a guest's support thread, or unsent messages? */
export function chatWaiting(): boolean {
  try {
    return localStorage.getItem(GUEST_FLAG) === '1' || localStorage.getItem(OUTBOX_FLAG) === '1';
  } catch {
    return false;
  }
}

export const newClientKey = () =>
  `c${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`;
