import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ErrorPage } from '../components/error-page.tsx';
import { notFound } from '../lib/api.server.ts';
import { MESSAGES } from '@sf/shared';
import type { Route } from './+types/not-found';

/** Any path no route claims: HTTP 404 and 'Page not found: {path}'. */
export function loader({ request }: Route.LoaderArgs) {
  const path = new URL(request.url).pathname;
  throw notFound(MESSAGES.pageNotFound(path));
}

export default function NotFound() {
  return null;
}

/**
 * A route-level boundary: the root layout (header, footer, bottom bar) stays mounted when moving
 * between this page and others, instead of being rebuilt by the root boundary.
 */
export function ErrorBoundary() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error) ? String(error.data?.message ?? '') : '';
  return <ErrorPage code={404} statusText="Not Found" message={message} />;
}
