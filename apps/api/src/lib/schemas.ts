import type { FromSchema } from 'json-schema-to-ts';
import { ERROR_CODES, MAX_KOBO } from '@sf/shared';

// Shared JSON-schema pieces: routes describe their input once, for validation and OpenAPI.
// Every text and number a route reads is built here, so that a new route inherits the bounds:
// text never carries NUL or control characters (PostgreSQL refuses NUL, and a line break in a
// one-line field can forge lines in mails and logs); numbers never leave their column's range.

/** PostgreSQL integer (int4): serial ids, counts, years. */
export const INT4_MAX = 2147483647;

/** One line: no control characters at all (C0, DEL, C1). */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const SINGLE_LINE = /^[^\u0000-\u001f\u007f-\u009f]*$/u;
/** Several lines: tab, line feed and carriage return allowed, other control characters not. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const MULTI_LINE = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]*$/u;

/** Ajv formats used by Text(); registered in app.ts, explained in errors.ts. */
export const TEXT_FORMATS = { 'single-line': SINGLE_LINE, 'multi-line': MULTI_LINE } as const;

export interface TextOptions {
  maxLength: number;
  minLength?: number;
  /** Line breaks allowed (descriptions, comments, messages); one line otherwise. */
  multiline?: boolean;
  pattern?: string;
  description?: string;
}

/** A text field: bounded length, no NUL or control characters; one line unless multiline. */
export const Text = <const O extends TextOptions>(o: O) => {
  const { multiline, ...rest } = o;
  return {
    type: 'string',
    format: multiline ? 'multi-line' : 'single-line',
    ...rest,
  } as const as {
    type: 'string';
    format: O['multiline'] extends true ? 'multi-line' : 'single-line';
  } & Omit<O, 'multiline'>;
};

export interface IntOptions {
  minimum?: number;
  maximum?: number;
  default?: number;
  description?: string;
}

/** An integer within a PostgreSQL integer column (0 … 2147483647 unless narrowed). */
export const Int = <const O extends IntOptions>(o: O = {} as O) =>
  ({ type: 'integer', minimum: 0, maximum: INT4_MAX, ...o }) as const as {
    type: 'integer';
    minimum: number;
    maximum: number;
  } & O;

/** A serial id (1 … 2147483647). */
export const Id = <const O extends Omit<IntOptions, 'minimum' | 'maximum'>>(o: O = {} as O) =>
  ({ type: 'integer', minimum: 1, maximum: INT4_MAX, ...o }) as const as {
    type: 'integer';
    minimum: 1;
    maximum: typeof INT4_MAX;
  } & O;

/**
 * An amount in kobo: a bigint column, bounded by the one business maximum (`MAX_KOBO`,
 * ₦500,000,000) so that every total built from amounts stays exact. Every kobo input uses it.
 */
export const Kobo = <const O extends Omit<IntOptions, 'maximum'>>(o: O = {} as O) =>
  ({ type: 'integer', minimum: 0, maximum: MAX_KOBO, ...o }) as const as {
    type: 'integer';
    minimum: number;
    maximum: typeof MAX_KOBO;
  } & O;

/** A date and time as RFC 3339 text (2026-12-31T23:59:59Z); the format admits no other characters. */
export const DateTime = <const O extends { description?: string }>(o: O = {} as O) =>
  ({ type: 'string', format: 'date-time', maxLength: 40, ...o }) as const as {
    type: 'string';
    format: 'date-time';
    maxLength: 40;
  } & O;

/**
 * The same schema, or null: an input cleared, or an answer's value that may be missing (without
 * it the serialiser writes null as '', 0, false, {} or []).
 */
export const nullable = <const S extends { type: string }>(s: S) =>
  ({ ...s, type: [s.type, 'null'] }) as Omit<S, 'type'> & { type: [S['type'], 'null'] };

/** A path naming a store by its URL name (`/store/ladipo-genuine-parts`). */
export const storeUrlParam = {
  type: 'object',
  properties: { urlName: Text({ maxLength: 80, pattern: '^[a-z0-9-]{1,80}$' }) },
  required: ['urlName'],
} as const;

/** A path with one integer id; 0 is allowed where it means "all" or "the top". */
export const idParam = <N extends string = 'id'>(name: N = 'id' as N) =>
  ({
    type: 'object',
    required: [name],
    properties: { [name]: Int() } as { [K in N]: ReturnType<typeof Int<object>> },
    additionalProperties: false,
  }) as const;

// ---- Answers. A route's response schema is the one description of what it sends: Fastify
// serialises through it (a field it does not name is dropped, a required one that is missing is a
// 500), OpenAPI shows it, and the TypeScript type of the answer is derived from it (`FromSchema`),
// for the API and for the web app alike.

/**
 * An object of an answer: every property is sent unless named in `optional`, and nothing else is.
 * Its derived type has exactly these properties.
 */
export const Obj = <
  const P extends Record<string, object>,
  const O extends keyof P & string = never,
>(
  properties: P,
  optional: readonly O[] = [],
) =>
  ({
    type: 'object',
    properties,
    required: Object.keys(properties).filter((k) => !(optional as readonly string[]).includes(k)),
    additionalProperties: false,
  }) as const as {
    type: 'object';
    properties: P;
    required: Exclude<keyof P & string, O>[];
    additionalProperties: false;
  };

/** `status: true` of every successful answer. */
export const okStatus = { type: 'boolean', enum: [true] } as const;

export const optionSchema = Obj({
  label: { type: 'string' },
  value: { type: ['integer', 'string'] },
});

/** A list or lookup: `{status: true, items}`. */
export const envelope = <const T extends object>(item: T) =>
  Obj({ status: okStatus, items: { type: 'array', items: item } });

/** `{status: true, message}`: an action that answers in words. */
export const okMessage = Obj({ status: okStatus, message: { type: 'string' } });

/** Every error answer (a contract: see docs/contracts.md). */
export const errorSchema = {
  type: 'object',
  properties: {
    status: { type: 'boolean', enum: [false] },
    code: { type: 'string', enum: [...ERROR_CODES] },
    message: { type: 'string' },
    fields: {
      type: 'object',
      additionalProperties: { type: 'string' },
      description: 'Messages per request field, when the refusal concerns named fields',
    },
  },
  required: ['status', 'code', 'message'],
  additionalProperties: false,
} as const;

/** The body of every API error. `fields` is present when the refusal concerns named fields. */
export type ApiError = FromSchema<typeof errorSchema>;
