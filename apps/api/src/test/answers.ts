import type { FastifyInstance } from 'fastify';

// A response schema is the one description of an answer, and Fastify serialises through it: a
// field it does not name is silently dropped, and a null where it says 'string' goes out as ''.
// In tests every JSON answer is compared with what its handler built, so a schema that changes
// an answer fails the test that made the request.

/** The first difference between two JSON values, as a path and both values; null when equal. */
export function jsonDiff(built: unknown, sent: unknown, path = ''): string | null {
  if (Object.is(built, sent)) return null;
  const show = (v: unknown) => (v === undefined ? 'nothing' : JSON.stringify(v).slice(0, 80));
  const what = `${path || '(answer)'}: built ${show(built)}, sent ${show(sent)}`;
  if (typeof built !== 'object' || typeof sent !== 'object' || !built || !sent) return what;
  if (Array.isArray(built) !== Array.isArray(sent)) return what;
  if (Array.isArray(built)) {
    const other = sent as unknown[];
    if (built.length !== other.length) return what;
    for (let i = 0; i < built.length; i++) {
      const d = jsonDiff(built[i], other[i], `${path}[${i}]`);
      if (d) return d;
    }
    return null;
  }
  const a = built as Record<string, unknown>;
  const b = sent as Record<string, unknown>;
  for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) {
    const d = jsonDiff(a[k], b[k], path ? `${path}.${k}` : k);
    if (d) return d;
  }
  return null;
}

/** Routes whose answers are not yet described exactly (their modules are being converted). */
const NOT_YET: string[] = [];

/** Records every answer its response schema changed; `changed()` lists them. */
export function watchAnswers(app: FastifyInstance) {
  const built = new WeakMap<object, string>();
  const changed: string[] = [];
  app.addHook('preSerialization', async (_req, reply, payload) => {
    if (payload && typeof payload === 'object' && !Buffer.isBuffer(payload)) {
      try {
        built.set(reply, JSON.stringify(payload));
      } catch {
        // Not JSON at all (a bigint, a cycle): the serialiser will say so itself.
      }
    }
    return payload;
  });
  app.addHook('onSend', async (req, reply, payload) => {
    const before = built.get(reply);
    if (before === undefined || typeof payload !== 'string') return payload;
    if (NOT_YET.some((p) => req.url.startsWith(p))) return payload;
    let sent: unknown;
    try {
      sent = JSON.parse(payload);
    } catch {
      return payload;
    }
    const d = jsonDiff(JSON.parse(before), sent);
    if (d) changed.push(`${req.method} ${req.url.split('?')[0]} ${reply.statusCode}: ${d}`);
    return payload;
  });
  return {
    changed: () => [...changed],
    /** Throws when a response schema changed an answer. */
    check() {
      if (changed.length)
        throw new Error(
          `The response schema changed ${changed.length} answer(s); describe every field the handler sends, with its real type:\n${[...new Set(changed)].slice(0, 20).join('\n')}`,
        );
    },
  };
}
