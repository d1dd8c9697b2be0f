import type { Transport } from './api.ts';

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
