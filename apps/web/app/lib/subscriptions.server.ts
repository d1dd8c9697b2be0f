import { data, redirectDocument } from 'react-router';
import { formStatus, serverApi, throwUnlessOk } from './api.server.ts';
import { requireUser } from './auth.server.ts';
import { signedIn } from './signed-in.server.ts';

/** Which business a subscription page is for, from its path; each role has its own. */
const ROLE_OF_PAGE = { store: 'Seller', workshop: 'Mechanic', garage: 'Tow Van' } as const;
type Page = keyof typeof ROLE_OF_PAGE;

function pageOf(request: Request): Page {
  const page = new URL(request.url).pathname.split('/')[2] as Page;
  return page in ROLE_OF_PAGE ? page : 'store';
}

/** A day as people in Nigeria read it, formatted once on the server (no hydration drift). */
export const lagosDay = (iso: string) =>
  new Date(iso).toLocaleDateString('en-NG', {
    timeZone: 'Africa/Lagos',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });

/** /user/{store|workshop|garage}/subscriptions: the plan, its renewal date and every plan. */
export async function loadSubscription(request: Request, context: unknown) {
  await requireUser(request, context, [ROLE_OF_PAGE[pageOf(request)]]);
  const ans = signedIn(request, await serverApi(context).get('/api/subscriptions'));
  throwUnlessOk(ans, { what: 'Subscription' });
  const sub = ans;
  const payment = new URL(request.url).searchParams.get('payment');
  return {
    sub,
    periodEndDay: sub.periodEnd ? lagosDay(sub.periodEnd) : null,
    payment: payment && /^[a-z]{1,20}$/.test(payment) ? payment : null,
  };
}

/** The plan form: to Paystack's page (real or the local test one), or the refusal shown. */
export async function payForPlan(request: Request, context: unknown) {
  const form = await request.formData();
  const plan = String(form.get('plan') ?? '');
  const ans = signedIn(
    request,
    await serverApi(context).post('/api/subscriptions/upgrade', { plan }),
  );
  if (!ans.status)
    return data(
      { message: ans.message ?? 'The payment could not be started' },
      { status: formStatus(ans) },
    );
  return redirectDocument(ans.authorizationUrl);
}
