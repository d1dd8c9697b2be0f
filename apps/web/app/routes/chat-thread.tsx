import { useActionData } from 'react-router';
import { redirect } from '../lib/redirect.ts';
import { formStatus, serverApi, throwUnlessOk } from '../lib/api.server.ts';
import { idParam } from '../lib/catalog.server.ts';
import { chatPath, newClientKey, type MessageItem, type ThreadItem } from '../lib/chat.ts';
import { MessageList } from '../components/chat/message-list.tsx';
import { ComposeForm } from '../components/chat/compose-form.tsx';
import type { Route } from './+types/chat-thread';
import { Link } from '../components/link.tsx';

export const meta: Route.MetaFunction = () => [
  { title: 'Conversation | SpareFinder NG' },
  { name: 'robots', content: 'noindex' },
];

/** One conversation without JavaScript: its messages and a plain form. Not yours: 404. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const id = idParam(params.id, 'Conversation');
  const api = serverApi(context);
  const ans = await api.get(`/api/chat/threads/${id}`);
  throwUnlessOk(ans, {
    what: 'Conversation',
    missing: 'No such conversation',
    invalidIsMissing: true,
  });
  const thread = ans.item as ThreadItem;
  const messages = ans.messages as MessageItem[];
  const last = messages[messages.length - 1];
  // Shown is read: the other side sees "Seen".
  if (last && !last.mine && thread.unread > 0)
    await api.post(`/api/chat/threads/${id}/read`, { lastId: last.id });
  return { thread, messages, clientKey: newClientKey() };
}

export async function action({ context, params, request }: Route.ActionArgs) {
  const id = idParam(params.id, 'Conversation');
  const f = await request.formData();
  const body = String(f.get('body') ?? '');
  const ans = await serverApi(context).post(`/api/chat/threads/${id}/messages`, {
    body,
    clientKey: String(f.get('clientKey') ?? '') || undefined,
  });
  if (!ans.status)
    return Response.json({ error: ans.message ?? 'Not sent', body }, { status: formStatus(ans) });
  throw redirect(chatPath(id));
}

export default function ChatThreadPage({ loaderData }: Route.ComponentProps) {
  const { thread, messages, clientKey } = loaderData;
  const result = useActionData<{ error?: string; body?: string }>();
  return (
    <main id="main" className="container-page max-w-2xl py-6">
      <p className="text-sm">
        <Link to="/chat" className="underline">
          All chats
        </Link>
      </p>
      <h1 className="text-2xl font-bold">{thread.title}</h1>
      {thread.subjectTitle && <p className="text-sm text-gray-700">About: {thread.subjectTitle}</p>}
      <div className="mt-4 rounded-lg border border-gray-200 p-3">
        <MessageList messages={messages} thread={thread} empty="No messages yet: say hello." />
      </div>
      <ComposeForm
        clientKey={clientKey}
        error={result?.error}
        body={result?.body}
        refreshTo={chatPath(thread.id)}
      />
    </main>
  );
}
