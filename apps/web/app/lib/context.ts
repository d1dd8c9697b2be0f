import type { AuthUser } from '@sf/api/types';
import type { Readable } from 'node:stream';
import type { Transport } from './api.ts';

/** What the server hands every loader and action (apps/api/src/web.ts builds it). */
export interface ServerContext {
  nonce: string;
  /** Calls our own API in-process, with the visitor's cookies and address. */
  fetch: Transport;
  /**
   * The signed-in visitor (null: a guest), looked up once when the request arrived; undefined
   * once a write went through the API in this request (an action), when only the API knows.
   * `currentUser()` (lib/auth.server.ts) reads it, asking the API when it is undefined.
   */
  readonly user: AuthUser | null | undefined;
  /** Origins besides ours that pictures may come from (a CDN): the content policy names them. */
  mediaOrigins: readonly string[];
  /**
   * PUBLIC_URL (else the configured listen address): canonical, og:url and og:image links start
   * with it. Never the request's Host, which any client can set.
   */
  publicOrigin: string;
  /**
   * Takes the page's HTML as the Node stream React writes (entry.server.tsx), so the server sends
   * it as it is instead of through a web stream. Absent: the page comes back as the Response body.
   */
  sendBody?: (body: Readable) => void;
}

declare module 'react-router' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- augmentation
  interface AppLoadContext extends ServerContext {}
}
