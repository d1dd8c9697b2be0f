import type { FastifyReply } from 'fastify';
import { safeRedirectPath } from '@sf/shared';

/**
 * The redirect of the API for visitor-given targets (the lint config forbids reply.redirect elsewhere): the target
 * passes safeRedirectPath, so a visitor's value can neither leave the site nor put a
 * character a Location header refuses into the answer. A refused target goes to `fallback`.
 */
export function redirectSafely(reply: FastifyReply, to: string, code = 303, fallback = '/') {
  // eslint-disable-next-line no-restricted-syntax -- the one checked redirect
  return reply.redirect(safeRedirectPath(to, fallback), code);
}

/**
 * A redirect to a file in a public bucket (S3_URL's `public`, decision 0020): its origin comes
 * from the configuration and the name passed the storage's name check, never from a visitor.
 */
export function redirectToPublicFile(reply: FastifyReply, url: string) {
  // eslint-disable-next-line no-restricted-syntax -- operator-configured origin, checked name
  return reply.header('cache-control', 'public, max-age=31536000, immutable').redirect(url, 301);
}
