import { useActionData } from 'react-router';
import { redirect } from '../lib/redirect.ts';
import { toQuery } from '../lib/api.ts';
import { cookieHeaders, formStatus, serverApi } from '../lib/api.server.ts';
import { chatPath, newClientKey, type MessageItem, type ThreadItem } from '../lib/chat.ts';
import { MessageList } from '../components/chat/message-list.tsx';
import { ComposeForm } from '../components/chat/compose-form.tsx';
import { GuestEmail } from '../components/chat/guest-email.tsx';
import { useEffect, useState } from 'react';
import type { Route } from './+types/chat';
import { Link } from '../components/link.tsx';

export const meta: Route.MetaFunction = () => [
  { title: 'Chat | SpareFinder NG' },
  { name: 'robots', content: 'noindex' },
];

/**
 * The chat without JavaScript (the floating button's link): the support conversation, anyone's,
 * guests included, and a signed-in user's conversations with sellers and providers.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const api = serverApi(context);
  const [support, threads] = await Promise.all([
    api.get('/api/chat/support'),
    api.get('/api/chat/threads'),
  ]);
  return {
    thread: support.status ? (support.item as ThreadItem | null) : null,
    messages: support.status ? (support.messages as MessageItem[]) : [],
    threads: threads.status
      ? (threads.items as ThreadItem[]).filter((t) => t.kind === 'direct')
      : null,
    clientKey: newClientKey(),
  };
}

/** Sends to support, or opens the conversation about a subject ('Chat with seller' forms). */
export async function action({ context, request }: Route.ActionArgs) {
  const f = await request.formData();
  const api = serverApi(context);
  if (f.get('intent') === 'open') {
    const ans = await api.post('/api/chat/threads', {
      subject: String(f.get('subject')),
      subjectId: Number(f.get('subjectId')),
      ...(f.get('offerId') ? { offerId: Number(f.get('offerId')) } : {}),
    });
    if (ans.httpStatus === 401)
      throw redirect(`/auth/login${toQuery({ redirectTo: String(f.get('back') ?? '/chat') })}`);
    if (!ans.status) return { error: ans.message ?? 'Could not open the conversation' };
    throw redirect(chatPath((ans.item as ThreadItem).id));
  }
  if (f.get('intent') === 'email') {
    const ans = await api.put('/api/chat/support/email', { email: String(f.get('email') ?? '') });
    return Response.json(
      { emailMessage: ans.message ?? '', emailFailed: !ans.status },
      { status: ans.status ? 200 : formStatus(ans) },
    );
  }
  const body = String(f.get('body') ?? '');
  const ans = await api.post('/api/chat/support/messages', {
    body,
    clientKey: String(f.get('clientKey') ?? '') || undefined,
  });
  if (!ans.status)
    return Response.json(
      { error: ans.message ?? 'Not sent', body },
      { status: formStatus(ans), headers: cookieHeaders(api.cookies()) },
    );
  // After a post, a fresh page (a reload never sends it twice; the key would catch it anyway).
  throw redirect('/chat', { headers: cookieHeaders(api.cookies()) });
}

export default function ChatPage({ loaderData }: Route.ComponentProps) {
  const { thread, messages, threads, clientKey } = loaderData;
  const result = useActionData<{
    error?: string;
    body?: string;
    emailMessage?: string;
    emailFailed?: boolean;
  }>();
  const [email, setEmail] = useState(thread?.guestEmail ?? '');
  // A no-JavaScript save reloads the page's data: follow it.
  useEffect(() => setEmail(thread?.guestEmail ?? ''), [thread?.guestEmail]);
  return (
    <main id="main" className="container-page max-w-2xl py-6">
      <h1 className="text-2xl font-bold">Chat with SpareFinder support</h1>
      <p className="mt-1 text-sm text-gray-700">
        Ask about parts, orders, payments or your account. We usually answer within minutes.
      </p>
      <div className="mt-4 rounded-lg border border-gray-200 p-3">
        <MessageList messages={messages} thread={thread} empty="No messages yet." />
      </div>
      <ComposeForm
        clientKey={clientKey}
        error={result?.error}
        body={result?.body}
        refreshTo="/chat"
      />
      {/* A guest (no list of conversations) who wrote: where should the answer go? */}
      {thread && !threads && (
        <div className="mt-4 rounded-lg border border-gray-200">
          <GuestEmail key={thread.guestEmail} email={email} onSaved={setEmail} idPrefix="page" />
          {result?.emailMessage && (
            <p
              role="status"
              className={`px-3 pb-2 text-sm ${result.emailFailed ? 'text-red-800' : 'text-gray-700'}`}
            >
              {result.emailMessage}
            </p>
          )}
        </div>
      )}
      {threads && (
        <section className="mt-6">
          <h2 className="text-lg font-bold">Your conversations with sellers and providers</h2>
          {threads.length === 0 ? (
            <p className="text-sm text-gray-700">
              None yet: use 'Chat with seller' on a part, an order or a request.
            </p>
          ) : (
            <ul className="mt-2 divide-y rounded-lg border border-gray-200">
              {threads.map((t) => (
                <li key={t.id} className="p-3">
                  <Link to={chatPath(t.id)} className="font-medium text-brand-700 underline">
                    {t.title}
                  </Link>{' '}
                  {t.unread > 0 && <span className="text-sm font-bold">({t.unread} new)</span>}
                  <p className="truncate text-xs text-gray-700">{t.subjectTitle}</p>
                  <p className="truncate text-sm text-gray-700">{t.lastMessage}</p>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
    </main>
  );
}
