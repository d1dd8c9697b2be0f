import { Form, useActionData, useRevalidator } from 'react-router';
import { redirect } from '../../lib/redirect.ts';
import { formStatus, serverApi, throwUnlessOk } from '../../lib/api.server.ts';
import { idParam } from '../../lib/catalog.server.ts';
import { newClientKey, type MessageItem, type ThreadItem } from '../../lib/chat.ts';
import { useLive } from '../../lib/live.ts';
import { MessageList } from '../../components/chat/message-list.tsx';
import { MessageField } from '../../components/chat/message-field.tsx';
import type { Route } from './+types/support-thread';
import { Link } from '../../components/link.tsx';

export const meta: Route.MetaFunction = () => [{ title: 'Support chat | Admin | SpareFinder NG' }];

/** One support chat (answered here), or a conversation with a reported message (read only). */
export async function loader({ context, params }: Route.LoaderArgs) {
  const id = idParam(params.id, 'Conversation');
  const api = serverApi(context);
  const ans = await api.get(`/api/admin/support/${id}`);
  throwUnlessOk(ans, { what: 'Conversation', invalidIsMissing: true });
  const thread = ans.item as ThreadItem;
  const messages = ans.messages as MessageItem[];
  const last = messages[messages.length - 1];
  if (thread.kind === 'support' && last && !last.mine && thread.unread > 0)
    await api.post(`/api/admin/support/${id}/read`, { lastId: last.id });
  return { thread, messages, clientKey: newClientKey() };
}

export async function action({ context, params, request }: Route.ActionArgs) {
  const id = idParam(params.id, 'Conversation');
  const f = await request.formData();
  const api = serverApi(context);
  const body = String(f.get('body') ?? '');
  const ans =
    f.get('intent') === 'resolve'
      ? await api.post(`/api/admin/chat/messages/${Number(f.get('messageId'))}/resolve`)
      : await api.post(`/api/admin/support/${id}/messages`, {
          body,
          clientKey: String(f.get('clientKey') ?? '') || undefined,
        });
  if (!ans.status)
    return Response.json({ error: ans.message ?? 'Not done', body }, { status: formStatus(ans) });
  throw redirect(`/admin/support/${id}`);
}

export default function SupportThread({ loaderData }: Route.ComponentProps) {
  const { thread, messages, clientKey } = loaderData;
  const result = useActionData<{ error?: string; body?: string }>();
  const { revalidate } = useRevalidator();
  useLive((e) => {
    if ((e.type === 'chat.message' || e.type === 'chat.read') && e.threadId === thread.id)
      void revalidate();
  });
  const reported = messages.filter((m) => m.reports > 0);
  return (
    <main id="main">
      <p className="text-sm">
        <Link to="/admin/support" className="underline">
          Support inbox
        </Link>
      </p>
      <h1 className="text-2xl font-bold">{thread.title || 'Guest'}</h1>
      {thread.subjectTitle && <p className="text-sm text-gray-700">About: {thread.subjectTitle}</p>}
      {thread.guestEmail && (
        <p className="text-sm text-gray-700" data-testid="guest-email-note">
          Not signed in: your answers are also e-mailed to {thread.guestEmail}.
        </p>
      )}
      <div className="mt-4 rounded-lg border border-gray-200 bg-white p-3">
        <MessageList messages={messages} thread={thread} empty="No messages." staff />
      </div>
      {reported.map((m) => (
        <Form method="post" key={m.id} className="mt-2 text-sm">
          <input type="hidden" name="intent" value="resolve" />
          <input type="hidden" name="messageId" value={m.id} />
          Reported: “{m.body.slice(0, 60)}” ({m.senderName}){' '}
          <button type="submit" className="btn-ghost">
            Close the report
          </button>
        </Form>
      ))}
      {result?.error && (
        <p role="alert" className="mt-2 text-sm text-red-800">
          {result.error}
        </p>
      )}
      {thread.kind === 'support' ? (
        <Form method="post" className="mt-3 space-y-2">
          <input type="hidden" name="clientKey" value={clientKey} />
          <label htmlFor="body" className="block font-medium">
            Your answer
          </label>
          <MessageField
            key={result?.body ?? ''}
            id="body"
            required
            rows={3}
            defaultValue={result?.body}
            className="w-full rounded border border-gray-300 p-2"
          />
          <button type="submit" className="btn-primary">
            Send answer
          </button>
        </Form>
      ) : (
        <p className="mt-3 text-sm text-gray-700">
          A private conversation, shown because a message in it was reported: staff read it, they do
          not write in it.
        </p>
      )}
    </main>
  );
}
