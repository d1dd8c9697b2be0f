import cluster from 'node:cluster';

/**
 * Tells every server process that something happened ("a write landed: drop cached pages").
 * One process: the handlers run in place. Several (WEB_CONCURRENCY): the message also goes to
 * the primary, which relays it to the other workers and answers once they all have run their
 * handlers (lib/processes.ts), so `await broadcast()` means every process has acted.
 */
export const TAG = 'sf:broadcast';
export const ACK = 'sf:ack';
/** A process that does not answer in this time (busy, dying) is not waited for. */
export const ACK_TIMEOUT_MS = 1000;

const handlers = new Map<string, Set<() => void>>();
const waiting = new Map<number, () => void>();
let seq = 0;

function runLocal(topic: string) {
  for (const fn of handlers.get(topic) ?? []) fn();
}

export function isBroadcast(msg: unknown): msg is { [TAG]: string; id: number } {
  return (
    typeof msg === 'object' &&
    msg !== null &&
    typeof (msg as Record<string, unknown>)[TAG] === 'string'
  );
}

export function isAck(msg: unknown): msg is { [ACK]: number } {
  return (
    typeof msg === 'object' &&
    msg !== null &&
    typeof (msg as Record<string, unknown>)[ACK] === 'number'
  );
}

/** Runs `fn` whenever any process broadcasts `topic`; returns the unsubscribe function. */
export function onBroadcast(topic: string, fn: () => void): () => void {
  let set = handlers.get(topic);
  if (!set) handlers.set(topic, (set = new Set()));
  set.add(fn);
  return () => set.delete(fn);
}

/** Runs the topic's handlers here and, in a cluster, in every other worker; resolves when done. */
export function broadcast(topic: string): Promise<void> {
  runLocal(topic);
  if (!cluster.isWorker || !process.connected) return Promise.resolve();
  const id = ++seq;
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      waiting.delete(id);
      resolve();
    };
    const timer = setTimeout(done, ACK_TIMEOUT_MS);
    waiting.set(id, done);
    process.send?.({ [TAG]: topic, id });
  });
}

if (cluster.isWorker) {
  process.on('message', (msg) => {
    if (isBroadcast(msg)) {
      runLocal(msg[TAG]);
      if (process.connected) process.send?.({ [ACK]: msg.id });
    } else if (isAck(msg)) waiting.get(msg[ACK])?.();
  });
}
