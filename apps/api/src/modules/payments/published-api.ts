import fs from 'node:fs';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { parse } from 'yaml';

/**
 * Paystack's published OpenAPI document (reference/openapi-paystack.yaml), turned into
 * validators for answers: the contract test checks every answer of the local server against
 * the schema the document gives for that operation and status. Test-only.
 */

type Json = Record<string, any>;
const doc: Json = parse(
  fs.readFileSync(new URL('./reference/openapi-paystack.yaml', import.meta.url), 'utf8'),
);

const at = (ref: string): Json =>
  ref
    .slice(2)
    .split('/')
    .reduce((o: Json, k) => o[k.replace(/~1/g, '/').replace(/~0/g, '~')], doc);

/**
 * OpenAPI 3.0 schema -> JSON Schema: $refs inlined, `nullable` as a null type (a `nullable`
 * without a type accepts anything, as the document means it), examples dropped.
 */
function toJsonSchema(x: unknown, seen: string[] = []): unknown {
  if (Array.isArray(x)) return x.map((v) => toJsonSchema(v, seen));
  if (!x || typeof x !== 'object') return x;
  const o = x as Json;
  if (typeof o.$ref === 'string') {
    if (seen.includes(o.$ref)) return {};
    return toJsonSchema(at(o.$ref), [...seen, o.$ref]);
  }
  const out: Json = {};
  for (const [k, v] of Object.entries(o)) {
    if (k === 'example' || k === 'examples' || k === 'nullable' || k === 'xml') continue;
    out[k] =
      k === 'properties'
        ? Object.fromEntries(Object.entries(v as Json).map(([p, s]) => [p, toJsonSchema(s, seen)]))
        : toJsonSchema(v, seen);
  }
  if (o.nullable === true && out.type !== undefined)
    out.type = Array.isArray(out.type) ? [...out.type, 'null'] : [out.type, 'null'];
  if (o.nullable === true && Array.isArray(out.enum)) out.enum = [...out.enum, null];
  return out;
}

const ajv = new Ajv({ strict: false, allErrors: true });
addFormats.default(ajv);
const cache = new Map<string, ValidateFunction>();

/** The JSON schema the document gives an answer (`POST /transfer`, 200), or undefined. */
export function answerSchema(method: string, path: string, status: number): unknown {
  const op = doc.paths?.[path]?.[method.toLowerCase()];
  if (!op) throw new Error(`The published API has no ${method} ${path}`);
  let res = op.responses?.[String(status)] ?? op.responses?.[`${String(status)[0]}XX`];
  // A 4xx the operation does not list is still Paystack's error body.
  if (!res && status >= 400 && status < 500)
    return toJsonSchema({ $ref: '#/components/schemas/Error' });
  if (!res) return undefined;
  if (res.$ref) res = at(res.$ref);
  const schema = res.content?.['application/json']?.schema;
  return schema ? toJsonSchema(schema) : undefined;
}

/**
 * Checks an answer body against the document: returns the list of problems (empty when it
 * matches). An operation/status the document does not describe is a problem too.
 */
export function checkAnswer(method: string, path: string, status: number, body: unknown): string[] {
  const key = `${method} ${path} ${status}`;
  let validate = cache.get(key);
  if (!validate) {
    const schema = answerSchema(method, path, status);
    if (!schema) return [`the published API describes no ${status} answer for ${method} ${path}`];
    validate = ajv.compile(schema as object);
    cache.set(key, validate);
  }
  if (validate(body)) return [];
  return (validate.errors ?? []).map((e) => `${key}: ${e.instancePath || '(body)'} ${e.message}`);
}

/** Checks a request body against the operation's documented JSON body: the problems. */
export function checkRequest(method: string, path: string, body: unknown): string[] {
  const op = doc.paths?.[path]?.[method.toLowerCase()];
  const schema = op?.requestBody?.content?.['application/json']?.schema;
  if (!schema) return [`the published API describes no JSON body for ${method} ${path}`];
  const validate = ajv.compile(toJsonSchema(schema) as object);
  if (validate(body)) return [];
  return (validate.errors ?? []).map(
    (e) => `${method} ${path} request: ${e.instancePath} ${e.message}`,
  );
}
