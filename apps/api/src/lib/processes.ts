import cluster, { type Worker } from 'node:cluster';
import { ACK, ACK_TIMEOUT_MS, TAG, isAck, isRelayed } from './bus.ts';

interface Log {
  error(msg: string): void;
}

/**
 * Runs `count` server processes sharing one port (node:cluster), from the primary process.
 * A worker that dies after it started listening is replaced; one that dies before (a bad
 * config, a port in use) stops everything, as a single process would. Live-bus events
 * (lib/bus.ts) from one worker are relayed to the others. SIGTERM/SIGINT stop the workers gracefully, then the primary.
 */
export function superviseWorkers(count: number, log: Log, graceMs = 10_000) {
  const listening = new Set<number>();
  let stopping = false;

  const stopAll = (code: number) => {
    if (stopping) return;
    stopping = true;
    const alive = Object.values(cluster.workers ?? {}).filter(
      (w): w is Worker => !!w && !w.isDead(),
    );
    if (alive.length === 0) process.exit(code);
    for (const w of alive) w.process.kill('SIGTERM');
    cluster.on('exit', () => {
      if (Object.values(cluster.workers ?? {}).every((w) => !w || w.isDead())) process.exit(code);
    });
    setTimeout(() => {
      for (const w of Object.values(cluster.workers ?? {})) w?.process.kill('SIGKILL');
      process.exit(code);
    }, graceMs).unref();
  };

  cluster.on('listening', (w) => listening.add(w.id));
  // Relays a worker's bus event to the others, and answers it once they all have acted on it.
  const relays = new Map<number, { left: number; done: () => void }>();
  let relaySeq = 0;
  cluster.on('message', (from, msg) => {
    if (isAck(msg)) {
      const r = relays.get(msg[ACK]);
      if (r && --r.left === 0) r.done();
      return;
    }
    if (!isRelayed(msg)) return;
    const others = Object.values(cluster.workers ?? {}).filter(
      (w): w is Worker => !!w && w !== from && w.isConnected(),
    );
    const id = ++relaySeq;
    const timer = setTimeout(() => relays.get(id)?.done(), ACK_TIMEOUT_MS);
    const done = () => {
      clearTimeout(timer);
      relays.delete(id);
      if (from.isConnected()) from.send({ [ACK]: msg.seq });
    };
    if (others.length === 0) return done();
    relays.set(id, { left: others.length, done });
    for (const w of others) w.send({ [TAG]: msg[TAG], seq: id });
  });
  cluster.on('exit', (w, code, signal) => {
    if (stopping) return;
    if (!listening.has(w.id)) {
      log.error(
        `server process ${w.process.pid} stopped before it could serve (exit ${code ?? signal}); stopping`,
      );
      return stopAll(1);
    }
    listening.delete(w.id);
    log.error(`server process ${w.process.pid} died (exit ${code ?? signal}); starting another`);
    cluster.fork();
  });
  for (const sig of ['SIGINT', 'SIGTERM'] as const) process.once(sig, () => stopAll(0));

  for (let i = 0; i < count; i++) cluster.fork();
}
