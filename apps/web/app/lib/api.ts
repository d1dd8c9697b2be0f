import type { ApiRoutes } from '@sf/api/types';
import { RETRY_STATUSES } from '@sf/shared/constants';
import type { ErrorCode } from '@sf/shared/errors';
import { MESSAGES } from '@sf/shared/messages';

/**
 * What the client reads of an answer. A Response has it; the server's in-process calls answer with
 * a plain object instead, because Node 20 keeps every Response body's stream until its next full
 * garbage collection (see apps/api/src/web.ts).
 */
export type TransportAnswer = Pick<Response, 'status' | 'ok' | 'headers' | 'text'>;

/** How a request leaves: fetch in the browser, an in-process call on the server. */
export type Transport = (path: string, init?: RequestInit) => Promise<TransportAnswer>;

/**
 * An API answer: the JSON body as the API sent it, plus the HTTP status. `status` is always the
 * API's own success flag (a boolean); the HTTP status is `httpStatus`, 0 when no answer arrived
 * at all (server down, network gone).
 */
export interface ApiAnswer<T = unknown> {
  status: boolean;
  httpStatus: number;
  items?: T[];
  code?: number | string;
  message?: string;
  [key: string]: unknown;
}

/** A failed answer: the API's refusal, or no answer at all (`httpStatus` 0). */
export interface ApiFailure {
  status: false;
  httpStatus: number;
  code?: number | string;
  message?: string;
  /** Messages per request field, when the refusal concerns named fields. */
  fields?: Record<string, string>;
}

/** The answer of a route the API's route map knows: its schema's type, or a failure. */
export type TypedAnswer<T> = (T & { status: true; httpStatus: number }) | ApiFailure;

/** What every answer has, typed or loose (for helpers that take either). */
export interface AnyAnswer {
  status: boolean;
  httpStatus: number;
  code?: number | string;
  message?: string;
}

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

// A path the page built (`/api/orders/${id}?x=1`) matched against the map's templates
// (`GET /api/orders/:id`), segment by segment: `:param` takes any one segment, any other must be
// equal. A segment the page left open (`${string}`) only matches a parameter.
type Segments<S extends string> = S extends `${infer H}/${infer T}` ? [H, ...Segments<T>] : [S];
type SegmentsMatch<A extends string[], P extends string[]> = A extends [
  infer AH extends string,
  ...infer AT extends string[],
]
  ? P extends [infer PH extends string, ...infer PT extends string[]]
    ? PH extends `:${string}`
      ? SegmentsMatch<AT, PT>
      : AH extends PH
        ? SegmentsMatch<AT, PT>
        : false
    : false
  : P extends []
    ? true
    : false;
type WithoutQuery<S extends string> = S extends `${infer P}?${string}` ? P : S;
/** Each map key's path, split into segments once (`GET /api/orders/:id` → ['', 'api', …]). */
type Patterns = { [K in keyof ApiRoutes]: K extends `${string} ${infer P}` ? Segments<P> : never };
type KeysOf<M extends Method> = Extract<keyof ApiRoutes, `${M} ${string}`>;
/** The map's routes `M path` matches (a union of template keys; never when none). */
export type RouteOf<M extends Method, S extends string> = MatchIn<
  KeysOf<M>,
  Segments<WithoutQuery<S>>
>;
type MatchIn<K extends keyof ApiRoutes, A extends string[]> = K extends K
  ? SegmentsMatch<A, Patterns[K]> extends true
    ? K
    : never
  : never;
/** The answer type of `M path`: the map's type, else the loose answer (a route not mapped yet). */
export type AnswerOf<M extends Method, S extends string, T = unknown> = string extends S
  ? ApiAnswer<T>
  : [RouteOf<M, S>] extends [never]
    ? ApiAnswer<T>
    : TypedAnswer<ApiRoutes[RouteOf<M, S>]>;

/** The successful answer of `M path`: the map's type, else `T` (a route not mapped yet). */
export type OkOf<M extends Method, S extends string, T = unknown> = string extends S
  ? T & { status: true; httpStatus: number }
  : [RouteOf<M, S>] extends [never]
    ? T & { status: true; httpStatus: number }
    : ApiRoutes[RouteOf<M, S>] & { status: true; httpStatus: number };

/** The `code` of an answer that never arrived: the page shows 503, never 404. */
export const UNAVAILABLE = 'UNAVAILABLE' satisfies ErrorCode;

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);
const RETRY = new Set<number>(RETRY_STATUSES);

/** Where lookup lists are kept between calls (the browser's session storage by default). */
export type LookupStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function sessionCache(): LookupStore | null {
  try {
    return typeof window !== 'undefined' ? window.sessionStorage : null;
  } catch {
    return null; // private mode or storage disabled
  }
}

/** The web app's one API client, for loaders, actions and components alike. */
export function createApi(
  transport: Transport,
  lookupStore: (path: string) => LookupStore | null = sessionCache,
) {
  /** Set-Cookie lines of every answer so far (server side), for an action to pass on. */
  const setCookies: string[] = [];

  /** Never throws: failures come back as {status:false, code, message} with their HTTP status. */
  async function request<T = unknown>(
    method: string,
    path: string,
    body?: unknown,
    init: RequestInit = {},
  ): Promise<ApiAnswer<T>> {
    const headers = new Headers(init.headers);
    let payload: BodyInit | undefined;
    if (body instanceof URLSearchParams || body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers.set('content-type', 'application/json');
      payload = JSON.stringify(body);
    }
    const attempt = () => transport(path, { ...init, method, headers, body: payload });
    let res: TransportAnswer;
    let text: string;
    try {
      res = await attempt();
      if (SAFE.has(method) && RETRY.has(res.status)) res = await attempt();
      text = await res.text();
    } catch (e) {
      return {
        status: false,
        httpStatus: 0,
        code: UNAVAILABLE,
        message: MESSAGES.fetchFailed(e instanceof Error ? e.message : String(e)),
      };
    }
    setCookies.push(...(res.headers.getSetCookie?.() ?? []));
    const httpStatus = res.status;
    const failed = (message?: string): ApiAnswer<T> => ({
      status: false,
      httpStatus,
      code: httpStatus,
      message: message ?? MESSAGES.cannotFetch(path),
    });
    if (!text) return res.ok ? { status: true, httpStatus } : failed();
    let json: { status: boolean; message?: string; [key: string]: unknown };
    try {
      json = JSON.parse(text) as typeof json;
    } catch {
      // A proxy's HTML error page, say: the API did not answer as itself.
      return failed();
    }
    if (!res.ok && json.status !== false) return failed(json.message);
    // Not `{ ...json, httpStatus }`: on Node 20 a spread followed by a property keeps the answer
    // through young collections (scripts/patch-react-router.mjs says how).
    return Object.assign(json, { httpStatus }) as ApiAnswer<T>;
  }

  /** A lookup list: cached in session storage in the browser; failures are swallowed. */
  async function lookup<T = { label: string; value: number }>(path: string): Promise<T[]> {
    const store = lookupStore(path);
    const key = `lookup:${path}`;
    const hit = store?.getItem(key);
    if (hit) {
      try {
        return JSON.parse(hit) as T[];
      } catch {
        store?.removeItem(key);
      }
    }
    const ans = await request<T>('GET', path);
    if (!ans.status || !Array.isArray(ans.items)) return [];
    try {
      store?.setItem(key, JSON.stringify(ans.items));
    } catch {
      /* storage full: the lookup still works */
    }
    return ans.items;
  }

  return {
    request,
    lookup,
    // The answer's type comes from the API's route map when the path is one it knows (decision
    // 0025); `T` only shapes the loose answer of a route not mapped yet.
    get: <T = unknown, S extends string = string>(path: S, init?: RequestInit) =>
      request<T>('GET', path, undefined, init) as Promise<AnswerOf<'GET', S, T>>,
    post: <T = unknown, S extends string = string>(path: S, body?: unknown, init?: RequestInit) =>
      request<T>('POST', path, body, init) as Promise<AnswerOf<'POST', S, T>>,
    put: <T = unknown, S extends string = string>(path: S, body?: unknown) =>
      request<T>('PUT', path, body) as Promise<AnswerOf<'PUT', S, T>>,
    patch: <T = unknown, S extends string = string>(path: S, body?: unknown) =>
      request<T>('PATCH', path, body) as Promise<AnswerOf<'PATCH', S, T>>,
    del: <T = unknown, S extends string = string>(path: S) =>
      request<T>('DELETE', path) as Promise<AnswerOf<'DELETE', S, T>>,
    /** The Set-Cookie lines received so far (a sign-in's session cookie), to pass on. */
    cookies: (): string[] => [...setCookies],
  };
}
export type Api = ReturnType<typeof createApi>;

/** The browser's API client (same origin, cookies sent). */
export const browserApi = createApi((path, init) =>
  fetch(path, { credentials: 'same-origin', ...init }),
);

/** Builds a query string with the empty values left out (the API treats them as absent). */
export function toQuery(params: Record<string, unknown>): '' | `?${string}` {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0)) continue;
    q.set(k, String(v));
  }
  const s = q.toString();
  return s ? `?${s}` : '';
}
