import type { FastifyInstance, FastifyRequest } from 'fastify';
import { invalid } from './errors.ts';
import { MULTI_LINE } from './schemas.ts';

// The schemas bound every field they describe (lib/schemas.ts). This guard is the net under them
// for whatever a schema does not describe or a coercion produced: no string with NUL or other
// control characters (line breaks and tabs aside) and no number outside the exact-integer range
// (Infinity from "1e400", 2^64 …) reaches a service or the database.

const MAX_DEPTH = 8;

/** Half of a UTF-16 pair without its other half: no valid text; PostgreSQL refuses it in JSON. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The first refused value as [field path, message], or null when everything is acceptable. */
export function findHostile(value: unknown, path = '', depth = 0): [string, string] | null {
  if (typeof value === 'string') {
    if (LONE_SURROGATE.test(value))
      return [path, 'must be valid text (a broken character was sent)'];
    return MULTI_LINE.test(value) ? null : [path, 'must not contain control characters'];
  }
  if (typeof value === 'number') {
    return Number.isFinite(value) && Math.abs(value) <= Number.MAX_SAFE_INTEGER
      ? null
      : [path, 'is out of range'];
  }
  if (value === null || typeof value !== 'object') return null;
  if (depth >= MAX_DEPTH) return [path, 'is nested too deeply'];
  const entries = Array.isArray(value)
    ? value.map((v, i) => [String(i), v] as const)
    : Object.entries(value as Record<string, unknown>);
  for (const [k, v] of entries) {
    const key = path ? `${path}.${k}` : k;
    if (!MULTI_LINE.test(k) || LONE_SURROGATE.test(k))
      return [path || k, 'has a field name with control characters'];
    const bad = findHostile(v, key, depth + 1);
    if (bad) return bad;
  }
  return null;
}

const PARTS = ['params', 'query', 'body'] as const;

function check(req: FastifyRequest) {
  for (const part of PARTS) {
    const bad = findHostile(req[part]);
    if (bad) {
      const [field, what] = bad;
      const where = part === 'params' ? 'path' : part;
      const message = field
        ? `Invalid ${where} field "${field}": ${what}`
        : `Invalid ${where}: ${what}`;
      throw invalid(message, field ? { [field]: message } : undefined);
    }
  }
}

/** After validation (and coercion) of every API and image route; pages check through the API. */
export function installInputGuard(app: FastifyInstance) {
  app.addHook('preHandler', async (req) => {
    // The web app's catch-all reads its own form bodies and asks the API, which checks them.
    if (req.routeOptions.url === '/*') return;
    check(req);
  });
}
