import { useEffect, useRef } from 'react';

/**
 * The browser end of the live socket (/api/live, decision 0015): one WebSocket per page, opened
 * when the first component subscribes and closed when the last leaves. A dropped socket comes
 * back after 0.5 s, doubling to 30 s, with jitter (a server restart must not be hit by every
 * phone at once). After a reconnect subscribers get `{type:'reconnected'}`: events sent while
 * the socket was down are not replayed, so they reload what they show.
 */
export interface LiveEvent {
  type: string;
  [field: string]: unknown;
}
type Handler = (e: LiveEvent) => void;

const handlers = new Set<Handler>();
let socket: WebSocket | null = null;
let attempt = 0;
let retry: ReturnType<typeof setTimeout> | undefined;
let everOpened = false;

const emit = (e: LiveEvent) => {
  for (const fn of handlers) fn(e);
};

/** The wait before reconnect attempt n (0-based): 0.5 s doubling to 30 s, ±25% jitter. */
export function backoffMs(n: number, random = Math.random()): number {
  const base = Math.min(500 * 2 ** n, 30_000);
  return Math.round(base * (0.75 + random * 0.5));
}

function connect() {
  if (socket || typeof WebSocket === 'undefined' || handlers.size === 0) return;
  const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/api/live`;
  const ws = new WebSocket(url);
  socket = ws;
  ws.onopen = () => {
    attempt = 0;
    if (everOpened) emit({ type: 'reconnected' });
    everOpened = true;
  };
  ws.onmessage = (m) => {
    try {
      const e = JSON.parse(String(m.data)) as LiveEvent;
      if (e && typeof e.type === 'string') emit(e);
    } catch {
      // Not an event: ignore.
    }
  };
  ws.onclose = () => {
    if (socket === ws) socket = null;
    if (handlers.size === 0) return;
    clearTimeout(retry);
    retry = setTimeout(connect, backoffMs(attempt++));
  };
}

/** Calls `fn` with every live event of the signed-in user; returns the unsubscribe function. */
export function subscribeLive(fn: Handler): () => void {
  handlers.add(fn);
  connect();
  return () => {
    handlers.delete(fn);
    if (handlers.size === 0) {
      clearTimeout(retry);
      const ws = socket;
      socket = null;
      ws?.close();
    }
  };
}

/** React: runs the latest `fn` on each live event while the component is shown (signed in only). */
export function useLive(fn: Handler, enabled = true) {
  const ref = useRef(fn);
  ref.current = fn;
  useEffect(() => {
    if (!enabled) return;
    return subscribeLive((e) => ref.current(e));
  }, [enabled]);
}
