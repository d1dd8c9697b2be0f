import { describe, expect, it } from 'vitest';
import type { LoaderFunctionArgs } from 'react-router';
import * as myDisputes from './user/disputes.tsx';
import * as adminDisputes from './admin/disputes.tsx';
import * as adminReviews from './admin/reviews.tsx';
import * as adminSignals from './admin/signals.tsx';
import * as notifications from './user/notifications.tsx';
import * as incoming from './broadcast/incoming.tsx';

// A list page whose API call fails shows the error page (503), never an empty list: "No disputes"
// or "No notices" during an outage reads as a fact and hides work from staff and users.

const admin = {
  status: true,
  user: { isauthenticated: true, role: 'Admin', id: 'u1', name: 'Staff' },
};

/** A signed-in staff member's server context whose API fails every call but the session check. */
function outage(status: number) {
  return {
    nonce: 'n',
    user: admin.user,
    mediaOrigins: [],
    publicOrigin: 'http://127.0.0.1',
    fetch: async (path: string) =>
      path.startsWith('/api/auth/dszauth')
        ? Response.json(admin)
        : Response.json({ status: false, message: 'Database unreachable' }, { status }),
  };
}

async function thrownStatus(
  loader: (a: LoaderFunctionArgs) => unknown,
  path: string,
  status: number,
) {
  try {
    await loader({
      request: new Request(`http://127.0.0.1${path}`),
      context: outage(status),
      params: {},
    } as unknown as LoaderFunctionArgs);
  } catch (e) {
    return (e as { init?: ResponseInit }).init?.status;
  }
  return 'returned a page';
}

const pages = [
  ['/user/disputes', myDisputes.loader],
  ['/admin/disputes', adminDisputes.loader],
  ['/admin/reviews', adminReviews.loader],
  ['/admin/signals', adminSignals.loader],
  ['/user/notifications', notifications.loader],
  ['/requests/incoming', incoming.loader],
] as const;

describe('list pages during an outage', () => {
  for (const [path, loader] of pages) {
    it(`${path}: the error page, not an empty list`, async () => {
      expect(await thrownStatus(loader, path, 503)).toBe(503);
      expect(await thrownStatus(loader, path, 500)).toBe(503);
    });
  }
});
