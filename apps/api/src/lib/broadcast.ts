import cluster from 'node:cluster';

/**
 * Tells every server process that something happened ("a write landed: drop cached pages").
 * One process: the handlers run in place. Several (WEB_CONCURRENCY): the message also goes to
 * the primary, which relays it to the other workers (lib/processes.ts).
 */
const TAG = 'sf:broadcast';
const handlers = new Map<string, Set<() => void>>();

function runLocal(topic: string) {
  for (const fn of handlers.get(topic) ?? []) fn();
}

export function isBroadcast(msg: unknown): msg is { [TAG]: string } {
  return typeof msg === 'object' && msg !== null && typeof (msg as Record<string, unknown>)[TAG] === 'string';
}

/** Runs `fn` whenever any process broadcasts `topic`; returns the unsubscribe function. */
export function onBroadcast(topic: string, fn: () => void): () => void {
  let set = handlers.get(topic);
  if (!set) handlers.set(topic, (set = new Set()));
  set.add(fn);
  return () => set.delete(fn);
}

export function broadcast(topic: string) {
  runLocal(topic);
  if (cluster.isWorker && process.connected) process.send?.({ [TAG]: topic });
}

if (cluster.isWorker) {
  process.on('message', (msg) => {
    if (isBroadcast(msg)) runLocal(msg[TAG]);
  });
}
