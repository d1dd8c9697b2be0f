import { Form } from 'react-router';
import { serverApi, throwUnlessOk } from '../../lib/api.server.ts';
import { loginUnless } from '../../lib/requests.server.ts';
import { PushToggle } from '../../components/push-toggle.tsx';
import type { Route } from './+types/notifications';
import { Link } from '../../components/link.tsx';

export const meta: Route.MetaFunction = () => [{ title: 'Notifications | SpareFinder NG' }];

/** The bell's list: new matching requests, new offers, accepted offers. */
export async function loader({ context }: Route.LoaderArgs) {
  const api = serverApi(context);
  const [ans, key] = await Promise.all([api.get('/api/notifications'), api.get('/api/push/key')]);
  loginUnless(ans, '/user/notifications');
  // An outage is an error page, not "no notices" with every setting shown at its default.
  throwUnlessOk(ans, { what: 'Notifications' });
  const a = ans;
  return {
    pushKey: key.status ? (key.publicKey ?? null) : null,
    items: a.items,
    unread: a.unread,
    email: a.email,
    sms: a.sms,
    smsAvailable: a.smsAvailable,
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const f = await request.formData();
  const api = serverApi(context);
  const intent = f.get('intent');
  const ans =
    intent === 'email' || intent === 'sms'
      ? await api.post(`/api/notifications/${intent}`, { on: f.get('on') === 'true' })
      : await api.post('/api/notifications/read');
  loginUnless(ans, '/user/notifications');
  return { ok: ans.status, message: ans.status ? undefined : (ans.message as string) };
}

export default function Notifications({ loaderData, actionData }: Route.ComponentProps) {
  const { items, unread, email, sms, smsAvailable, pushKey } = loaderData;
  const answer = actionData;
  return (
    <main id="main" className="container-page max-w-3xl py-6">
      <h1 className="text-2xl font-bold">Notifications</h1>
      {unread > 0 && (
        <Form method="post" className="mt-2">
          <button type="submit" className="btn-ghost text-sm">
            Mark all {unread} as read
          </button>
        </Form>
      )}
      <Form method="post" className="mt-2 text-sm">
        <input type="hidden" name="intent" value="email" />
        <input type="hidden" name="on" value={email ? 'false' : 'true'} />
        {email ? 'A copy of each goes to your e-mail. ' : 'E-mail copies are off. '}
        <button type="submit" className="text-brand-700 underline">
          {email ? 'Stop the e-mails' : 'Send them by e-mail again'}
        </button>
      </Form>
      {smsAvailable && (
        <Form method="post" className="mt-2 text-sm">
          <input type="hidden" name="intent" value="sms" />
          <input type="hidden" name="on" value={sms ? 'false' : 'true'} />
          {sms
            ? 'A copy of each (orders, offers) comes by SMS to your phone. '
            : 'SMS copies are off. '}
          <button type="submit" className="text-brand-700 underline">
            {sms ? 'Stop the SMS' : 'Send them by SMS too'}
          </button>
        </Form>
      )}
      {answer?.message && (
        <p role="alert" className="mt-2 text-sm font-medium text-red-700">
          {answer.message}
        </p>
      )}
      <PushToggle publicKey={pushKey} />
      <p className="mt-2 text-sm">
        <Link to="/user/alerts" className="text-brand-700 underline">
          Saved searches &amp; alerts
        </Link>
        : what you asked to hear about (new parts for a search, a part getting cheaper).
      </p>
      {items.length === 0 ? (
        <p className="mt-3 text-gray-700">Nothing yet.</p>
      ) : (
        <ul className="mt-3 divide-y divide-gray-200 rounded-lg border border-gray-200">
          {items.map((n) => (
            <li key={n.id} className={`p-3 ${n.read ? '' : 'bg-brand-50'}`}>
              <Link to={n.link} className="text-brand-700 underline">
                {n.title}
              </Link>
              <p className="text-xs text-gray-600">
                {new Date(n.createdAt).toLocaleString('en-NG')}
              </p>
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
