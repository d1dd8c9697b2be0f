import type { Transport } from './api.ts';
import { createApi } from './api.ts';

/** What the server hands every loader and action (apps/api/src/web.ts builds it). */
export interface ServerContext {
  nonce: string;
  /** Calls our own API in-process, with the visitor's cookies and address. */
  fetch: Transport;
}

declare module 'react-router' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- augmentation
  interface AppLoadContext extends ServerContext {}
}

/** The API client for a loader or action. */
export function serverApi(context: unknown) {
  const ctx = context as Partial<ServerContext> | undefined;
  if (!ctx?.fetch) throw new Error('Loader called without the server context');
  return createApi(ctx.fetch);
}
