/**
 * Cache-Control of an answer about the signed-in visitor (their orders, messages, dashboard):
 * no browser back-forward cache reuse across accounts, no proxy or CDN keeps a copy.
 */
export const PRIVATE = 'private, no-store';
