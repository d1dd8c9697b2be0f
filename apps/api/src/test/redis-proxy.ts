import net from 'node:net';

/**
 * A TCP pass-through in front of a real server (Redis), on a fixed local port, that a test can
 * cut and restore: `down()` closes the listener and every open connection (what clients see
 * when Redis dies), `up()` listens on the same port again (Redis is back); `slow(ms)` holds
 * every byte that long each way (a Redis answering slowly; `slow(0)` ends it), in order.
 */
export async function tcpProxy(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  let delay = 0;
  /** Passes `from`'s bytes to `to`, each chunk held `delay` ms, never overtaking an earlier one. */
  const relay = (from: net.Socket, to: net.Socket) => {
    let last = 0;
    from.on('data', (chunk) => {
      if (delay === 0 && last <= Date.now()) return void to.write(chunk);
      const at = Math.max(Date.now() + delay, last);
      last = at;
      setTimeout(() => to.writable && to.write(chunk), at - Date.now());
    });
  };
  let server: net.Server | undefined;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const s = net.createServer((client) => {
        const upstream = net.connect(target.port, target.host);
        for (const x of [client, upstream]) {
          sockets.add(x);
          x.on('close', () => sockets.delete(x));
          x.on('error', () => x.destroy());
        }
        relay(client, upstream);
        relay(upstream, client);
        client.on('close', () => upstream.destroy());
        upstream.on('close', () => client.destroy());
      });
      s.once('error', reject);
      s.listen(port, '127.0.0.1', () => {
        port = (s.address() as net.AddressInfo).port;
        server = s;
        resolve();
      });
    });
  await listen();
  return {
    get port() {
      return port;
    },
    async down() {
      const s = server;
      server = undefined;
      for (const x of sockets) x.destroy();
      await new Promise<void>((r) => (s ? s.close(() => r()) : r()));
    },
    up: listen,
    slow(ms: number) {
      delay = ms;
    },
  };
}

/** Does a server answer on this redis:// URL's port? (Tests skip, saying why, when not.) */
export async function redisAnswers(url: string): Promise<boolean> {
  const u = new URL(url);
  return new Promise((resolve) => {
    const s = net.connect(Number(u.port || 6379), u.hostname);
    s.setTimeout(500);
    s.once('connect', () => (s.end(), resolve(true)));
    s.once('error', () => resolve(false));
    s.once('timeout', () => (s.destroy(), resolve(false)));
  });
}
