// A lean HTTP client for benches that send JSON requests of their own (checkout rounds), on
// node:http with kept-alive connections as load.mjs uses. The global fetch costs the load
// generator about 0.8 ms of CPU a request on a 2-core machine, CPU the servers under test then
// lack: with three requests an order, the sender took a sixth of the machine.
import http from 'node:http';
import zlib from 'node:zlib';

/**
 * A client for `base` (http only): `send(method, path, { headers, body })` resolves to
 * `{ status, ok, json() }`. It asks for brotli or gzip as a browser does, so the servers compress
 * as they would for one; an answer is only decompressed and parsed when `json()` is called.
 */
export function jsonClient(base) {
  const url = new URL(base);
  const agent = new http.Agent({ keepAlive: true });
  const send = (method, path, { headers = {}, body } = {}) =>
    new Promise((resolve) => {
      const req = http.request(
        {
          host: url.hostname,
          port: url.port,
          method,
          path,
          agent,
          headers: {
            'accept-encoding': 'br, gzip',
            ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
            ...headers,
          },
        },
        (res) => {
          const chunks = [];
          res.on('data', (c) => chunks.push(c));
          res.on('end', () => {
            const raw = Buffer.concat(chunks);
            const enc = res.headers['content-encoding'];
            resolve({
              status: res.statusCode,
              ok: res.statusCode >= 200 && res.statusCode < 300,
              bytes: raw.length,
              json() {
                const text =
                  enc === 'br'
                    ? zlib.brotliDecompressSync(raw)
                    : enc === 'gzip'
                      ? zlib.gunzipSync(raw)
                      : raw;
                try {
                  return JSON.parse(text.toString());
                } catch {
                  return null;
                }
              },
            });
          });
          res.on('error', (err) =>
            resolve({ status: 0, ok: false, error: String(err), json: () => null }),
          );
        },
      );
      req.on('error', (err) =>
        resolve({ status: 0, ok: false, error: String(err), json: () => null }),
      );
      req.end(body);
    });
  return { send, close: () => agent.destroy() };
}
