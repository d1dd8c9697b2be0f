import { data } from 'react-router';
import { createApi, type AnyAnswer, type LookupStore } from './api.ts';
import type { ServerContext } from './context.ts';

/** Lists kept at most; more is not reference data being read but someone walking every id. */
const MAX_LOOKUPS = 2_000;
const lookups = new Map<string, string>();
/**
 * The reference lists under /api/database/ (states, cities, car makes, models, years …) are the
 * same for every visitor and change only with a deploy (the API keeps them for the life of its
 * process): a page keeps them too, instead of an in-process call for each on every render.
 * Other lists (categories, which an admin edits) are asked for each time.
 */
const referenceLists: LookupStore = {
  getItem: (key) => lookups.get(key) ?? null,
  setItem: (key, value) => {
    if (lookups.size >= MAX_LOOKUPS) lookups.delete(lookups.keys().next().value!);
    lookups.set(key, value);
  },
  removeItem: (key) => void lookups.delete(key),
};
const serverLookups = (path: string) => (path.startsWith('/api/database/') ? referenceLists : null);

/** The API client for a loader or action: in-process calls with the visitor's cookies. */
export function serverApi(context: unknown) {
  const ctx = context as Partial<ServerContext> | undefined;
  if (!ctx?.fetch) throw new Error('Loader called without the server context');
  return createApi(ctx.fetch, serverLookups);
}

type Failed = Pick<AnyAnswer, 'httpStatus' | 'code' | 'message'>;

/**
 * The error page a failed answer means. 404: the record does not exist. 400: the request was
 * refused as invalid. 503: the service could not answer (no answer at all, a server error, too
 * busy) — an outage must never look like 'not found'.
 */
export function pageStatus(ans: Failed, invalid: 400 | 404 = 400): 400 | 404 | 503 {
  const http = ans.httpStatus;
  if (http === 404 || ans.code === 'NOT_FOUND') return 404;
  // 408 and 429 say "not now", not "never": the page may work in a minute.
  if (http >= 400 && http < 500 && http !== 408 && http !== 429) return invalid;
  return 503;
}

export interface PageErrorOptions {
  /** What the page shows, for the default messages: 'Product', 'Blog post'. */
  what: string;
  /** The 404 page's message (default: the API's message, else '<what> not found'). */
  missing?: string;
  /**
   * The answer is about a record named in the URL path (an id, a slug): input the API refuses
   * there names no record, so the page is a 404 rather than a 400.
   */
  invalidIsMissing?: boolean;
}

const STATUS_TEXT = { 400: 'Bad Request', 404: 'Not Found', 503: 'Service Unavailable' } as const;

/** The error page (404/400/503) for a failed answer, to throw from a loader. */
export function pageError(ans: Failed, opts: PageErrorOptions) {
  const status = pageStatus(ans, opts.invalidIsMissing ? 404 : 400);
  const message =
    status === 404
      ? (opts.missing ?? (ans.message || `${opts.what} not found`))
      : status === 400
        ? ans.message || `This ${opts.what.toLowerCase()} request is not valid.`
        : `Service unavailable: we could not load this ${opts.what.toLowerCase()}. Please try again in a minute.`;
  return data({ message }, { status, statusText: STATUS_TEXT[status] });
}

/**
 * Returns when the answer is a success (and from then on the answer is typed as one); otherwise
 * throws its error page (see pageError).
 */
export function throwUnlessOk<A extends AnyAnswer>(
  ans: A,
  opts: PageErrorOptions,
): asserts ans is A & { status: true } {
  if (!ans.status) throw pageError(ans, opts);
}

/** The 404 page, for a URL that names no record before any call is made. */
export function notFound(message: string) {
  return data({ message }, { status: 404, statusText: STATUS_TEXT[404] });
}

/**
 * The HTTP status of a form's failure answer: the API's own 4xx as it is (400 invalid, 401, 404,
 * 409, 429 …); 503 when the service could not answer.
 */
export function formStatus(ans: Failed): number {
  return ans.httpStatus >= 400 && ans.httpStatus < 500 ? ans.httpStatus : 503;
}

/** Headers that pass the API's cookies (a new or cleared session) on to the browser. */
export function cookieHeaders(cookies: string[]): Headers {
  const h = new Headers();
  for (const c of cookies) h.append('set-cookie', c);
  return h;
}
