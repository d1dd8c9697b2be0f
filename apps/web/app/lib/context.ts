import type { AuthUser } from '@sf/api/types';
import type { Transport } from './api.ts';

/** What the server hands every loader and action (apps/api/src/web.ts builds it). */
export interface ServerContext {
  nonce: string;
  /** Calls our own API in-process, with the visitor's cookies and address. */
  fetch: Transport;
  /**
   * The signed-in visitor (null: a guest), looked up once when the request arrived. After a
   * write in this request (an action) it may be out of date: ask the API again then.
   */
  user: AuthUser | null;
  /** Origins besides ours that pictures may come from (a CDN): the content policy names them. */
  mediaOrigins: readonly string[];
  /**
   * PUBLIC_URL (else the configured listen address): canonical, og:url and og:image links start
   * with it. Never the request's Host, which any client can set.
   */
  publicOrigin: string;
}

declare module 'react-router' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- augmentation
  interface AppLoadContext extends ServerContext {}
}
