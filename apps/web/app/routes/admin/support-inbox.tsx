import { useRevalidator } from 'react-router';
import { serverApi, throwUnlessOk } from '../../lib/api.server.ts';
import { toQuery } from '../../lib/api.ts';
import { useLive } from '../../lib/live.ts';
import type { Route } from './+types/support-inbox';
import { Link } from '../../components/link.tsx';

export const meta: Route.MetaFunction = () => [{ title: 'Support inbox | Admin | SpareFinder NG' }];

const SHOW = [
  ['waiting', 'Waiting for an answer'],
  ['all', 'All support chats'],
  ['reported', 'Reported messages'],
] as const;
type Show = (typeof SHOW)[number][0];

/** The staff's inbox: support chats (waiting first) and conversations with reported messages. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const q = new URL(request.url).searchParams;
  const show: Show = (SHOW.find(([k]) => k === q.get('show'))?.[0] ?? 'waiting') as Show;
  const ans = await serverApi(context).get(`/api/admin/support${toQuery({ show })}`);
  throwUnlessOk(ans, { what: 'Support inbox' });
  return { show, inbox: ans };
}

export default function SupportInbox({ loaderData }: Route.ComponentProps) {
  const { show, inbox } = loaderData;
  const { revalidate } = useRevalidator();
  // New messages and reports arrive on the staff channel of the admin's socket.
  useLive((e) => {
    if (
      e.type === 'chat.message' ||
      e.type === 'chat.reported' ||
      e.type === 'chat.moved' ||
      e.type === 'reconnected'
    )
      void revalidate();
  });
  return (
    <main id="main">
      <h1 className="text-2xl font-bold">Support inbox</h1>
      <nav aria-label="Show" className="mt-2 flex flex-wrap gap-2 text-sm">
        {SHOW.map(([k, label]) => (
          <Link
            key={k}
            to={`/admin/support?show=${k}`}
            aria-current={k === show ? 'page' : undefined}
            className={`rounded-full px-3 py-1.5 ${k === show ? 'bg-brand-700 text-white' : 'bg-gray-100'}`}
          >
            {label}
            {k === 'waiting' && ` (${inbox.waiting})`}
            {k === 'reported' && ` (${inbox.reported})`}
          </Link>
        ))}
      </nav>
      {inbox.items.length === 0 ? (
        <p className="mt-4 text-gray-700">Nothing here.</p>
      ) : (
        <ul
          className="mt-4 divide-y rounded-lg border border-gray-200 bg-white"
          data-testid="support-threads"
        >
          {inbox.items.map((t) => (
            <li key={t.id} className="p-3">
              <Link to={`/admin/support/${t.id}`} className="font-medium text-brand-700 underline">
                {t.kind === 'support' ? t.title : `${t.title} · ${t.subjectTitle}`}
              </Link>
              {t.unread > 0 && <span className="ml-2 text-sm font-bold">({t.unread} new)</span>}
              {t.awaitingStaff && <span className="ml-2 text-xs text-amber-800">waiting</span>}
              <p className="truncate text-sm text-gray-700">{t.lastMessage}</p>
              {t.lastAt && (
                <p className="text-xs text-gray-600">
                  {new Date(t.lastAt).toLocaleString('en-NG')}
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
