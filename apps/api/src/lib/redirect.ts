import type { FastifyReply } from 'fastify';
import { safeRedirectPath } from '@sf/shared';

/**
 * The only redirect of the API (the lint config forbids reply.redirect elsewhere): the target
 * passes safeRedirectPath, so a visitor's value can neither leave the site nor put a
 * character a Location header refuses into the answer. A refused target goes to `fallback`.
 */
export function redirectSafely(reply: FastifyReply, to: string, code = 303, fallback = '/') {
  // eslint-disable-next-line no-restricted-syntax -- the one checked redirect
  return reply.redirect(safeRedirectPath(to, fallback), code);
}
