import { RETRY_STATUSES } from '@sf/shared/constants';
import type { ErrorCode } from '@sf/shared/errors';
import { MESSAGES } from '@sf/shared/messages';

/** How a request leaves: fetch in the browser, an in-process call on the server. */
export type Transport = (path: string, init?: RequestInit) => Promise<Response>;

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

/** The `code` of an answer that never arrived: the page shows 503, never 404. */
export const UNAVAILABLE = 'UNAVAILABLE' satisfies ErrorCode;

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);
const RETRY = new Set<number>(RETRY_STATUSES);

function sessionCache(): Storage | null {
  try {
    return typeof window !== 'undefined' ? window.sessionStorage : null;
  } catch {
    return null; // private mode or storage disabled
  }
}

/** The web app's one API client, for loaders, actions and components alike. */
export function createApi(transport: Transport) {
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
    let res: Response;
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
    return { ...json, httpStatus } as ApiAnswer<T>;
  }

  /** A lookup list: cached in session storage in the browser; failures are swallowed. */
  async function lookup<T = { label: string; value: number }>(path: string): Promise<T[]> {
    const store = sessionCache();
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
    get: <T = unknown>(path: string, init?: RequestInit) =>
      request<T>('GET', path, undefined, init),
    post: <T = unknown>(path: string, body?: unknown, init?: RequestInit) =>
      request<T>('POST', path, body, init),
    put: <T = unknown>(path: string, body?: unknown) => request<T>('PUT', path, body),
    patch: <T = unknown>(path: string, body?: unknown) => request<T>('PATCH', path, body),
    del: <T = unknown>(path: string) => request<T>('DELETE', path),
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
export function toQuery(params: Record<string, unknown>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0)) continue;
    q.set(k, String(v));
  }
  const s = q.toString();
  return s ? `?${s}` : '';
}
