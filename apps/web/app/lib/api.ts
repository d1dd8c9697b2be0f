import { MESSAGES, RETRY_STATUSES } from '@sf/shared';

/** How a request leaves: fetch in the browser, an in-process call on the server. */
export type Transport = (path: string, init?: RequestInit) => Promise<Response>;

export interface ApiAnswer<T = unknown> {
  status: boolean;
  items?: T[];
  code?: number | string;
  message?: string;
  [key: string]: unknown;
}

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);
const RETRY = new Set<number>(RETRY_STATUSES);

function sessionCache(): Storage | null {
  try {
    return typeof window !== 'undefined' ? window.sessionStorage : null;
  } catch {
    return null; // private mode or storage disabled
  }
}

export function createApi(transport: Transport) {
  /** Never throws: failures come back as {status:false, code, message}. */
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
    try {
      let res = await attempt();
      if (SAFE.has(method) && RETRY.has(res.status)) res = await attempt();
      const text = await res.text();
      if (!text) {
        return res.ok
          ? { status: true }
          : { status: false, code: res.status, message: MESSAGES.cannotFetch(path) };
      }
      const json = JSON.parse(text) as ApiAnswer<T>;
      if (!res.ok && json.status !== false)
        return {
          status: false,
          code: res.status,
          message: json.message ?? MESSAGES.cannotFetch(path),
        };
      return json;
    } catch (e) {
      return {
        status: false,
        code: 404,
        message: MESSAGES.fetchFailed(e instanceof Error ? e.message : String(e)),
      };
    }
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
