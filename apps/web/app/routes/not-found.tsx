import { data, type LoaderFunctionArgs } from 'react-router';
import { MESSAGES } from '@sf/shared';

/** Any path no route claims: HTTP 404 and the seed's message. */
export function loader({ request }: LoaderFunctionArgs) {
  const path = new URL(request.url).pathname;
  throw data({ message: MESSAGES.pageNotFound(path) }, { status: 404, statusText: 'Not Found' });
}

export default function NotFound() {
  return null;
}
