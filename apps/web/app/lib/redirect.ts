import { redirect as routerRedirect } from 'react-router';
import { safeRedirectPath } from '@sf/shared';

/**
 * The only redirect of the web app (the lint config forbids React Router's own): the target
 * passes safeRedirectPath, so a visitor's value can neither leave the site nor put a
 * character a Location header refuses into the answer. A refused target goes to `fallback`.
 */
export function redirect(to: string, init?: number | ResponseInit, fallback = '/'): Response {
  return routerRedirect(safeRedirectPath(to, fallback), init);
}
