import { useCallback, useEffect, useRef, useState } from 'react';
import { CHAT_MESSAGE_MAX, chatLength } from '@sf/shared';
import type { AuthUser } from '@sf/api/types';
import { browserApi } from '../../lib/api.ts';
import { useLive, type LiveEvent } from '../../lib/live.ts';
import {
  chatPath,
  GUEST_FLAG,
  newClientKey,
  type ChatTarget,
  type MessageItem,
  type ThreadItem,
} from '../../lib/chat.ts';
import {
  drop,
  merge,
  outboxReady,
  pending,
  queue,
  sendPending,
  type Pending,
} from '../../lib/chat-outbox.ts';
import { OFFLINE_NOTE, onOutboxResult } from '../../lib/outbox.ts';
import { MessageField } from './message-field.tsx';
import { GuestEmail } from './guest-email.tsx';
import { Link } from '../link.tsx';

const time = (iso: string) =>
  new Date(iso).toLocaleTimeString('en-NG', { hour: '2-digit', minute: '2-digit' });

/**
 * The floating chat panel: support, or one conversation with a seller or provider. Messages load
 * through the API; the live socket says when to load more; unsent ones wait in the outbox.
 */
export default function ChatPanel({
  user,
  target,
  onTarget,
  onClose,
}: {
  user: AuthUser;
  target: ChatTarget | 'list';
  onTarget: (t: ChatTarget | 'list') => void;
  onClose: () => void;
}) {
  const signedIn = user.isauthenticated;
  const [thread, setThreadState] = useState<ThreadItem | null>(null);
  const [messages, setMessages] = useState<MessageItem[]>([]);
  const [waiting, setWaiting] = useState<Pending[]>([]);
  const [threads, setThreads] = useState<ThreadItem[] | null>(null);
  const [error, setError] = useState('');
  const [offline, setOffline] = useState(false);
  // Why a message still waits when the signal is fine: a limit the server named ("Too many new
  // chats from your network. Please wait…"), not "back online", which would not be true.
  const [held, setHeld] = useState('');
  const [loaded, setLoaded] = useState(false);
  const [text, setText] = useState('');
  const endRef = useRef<HTMLLIElement>(null);
  // The thread in a ref too, for the callbacks of the socket and the outbox; set only together.
  const threadRef = useRef<ThreadItem | null>(null);
  const setThread = useCallback((t: ThreadItem | null) => {
    threadRef.current = t;
    setThreadState(t);
  }, []);
  const lastId = messages.length ? messages[messages.length - 1].id : 0;
  const lastRef = useRef(0);
  lastRef.current = lastId;
  const to: 'support' | number = thread ? thread.id : 'support';

  /** Loads the thread (all, or after the last message shown) and marks it read. */
  const load = useCallback(async (after = 0) => {
    const t = threadRef.current;
    const q = after ? `?afterId=${after}` : '';
    const ans = t
      ? await browserApi.get(`/api/chat/threads/${t.id}${q}`)
      : await browserApi.get(`/api/chat/support${q}`);
    setLoaded(true);
    if (!ans.status) return setError(ans.message ?? 'Could not load the chat');
    const item = ans.item as ThreadItem | null;
    const got = (ans.messages ?? []) as MessageItem[];
    setThread(item);
    setMessages((m) => (after ? merge(m, got) : got));
    const newest = got.length ? got[got.length - 1] : null;
    if (item && newest && !newest.mine && item.unread > 0)
      void browserApi.post(`/api/chat/threads/${item.id}/read`, { lastId: newest.id });
  }, []);

  // Open the target: support, a thread, or the one about a subject (created on first open).
  useEffect(() => {
    setError('');
    setLoaded(false);
    setMessages([]);
    if (target === 'list') {
      void browserApi.get('/api/chat/threads').then((a) => {
        setLoaded(true);
        if (a.status) setThreads(a.items as ThreadItem[]);
        else setError(a.message ?? 'Could not load your conversations');
      });
      return;
    }
    if (target.kind === 'support') {
      setThread(null);
      void load();
    } else if (target.kind === 'thread') {
      threadRef.current = { id: target.id } as ThreadItem;
      void load();
    } else if (!signedIn) {
      setLoaded(true);
    } else {
      void browserApi
        .post('/api/chat/threads', {
          subject: target.subject,
          subjectId: target.subjectId,
          ...(target.offerId ? { offerId: target.offerId } : {}),
        })
        .then((a) => {
          if (!a.status) {
            setLoaded(true);
            return setError(a.message ?? 'Could not open the conversation');
          }
          setThread(a.item as ThreadItem);
          void load();
        });
    }
  }, [target, signedIn, load, setThread]);

  /** Sends what waits for this conversation, oldest first; stops at the first network failure. */
  const flushing = useRef(false);
  const flush = useCallback(async () => {
    // One sender at a time, so a message is not posted twice at once (the key would catch it).
    if (flushing.current) return;
    flushing.current = true;
    try {
      await flushAll();
    } finally {
      flushing.current = false;
    }
  }, []);
  const flushAll = async () => {
    for (const p of pending().filter((x) => x.to === (threadRef.current?.id ?? 'support'))) {
      const r = await sendPending(p);
      if (r.ok) {
        setWaiting((w) => w.filter((x) => x.clientKey !== p.clientKey));
        setMessages((m) => merge(m, [r.item]));
        setOffline(false);
        if (!threadRef.current) {
          if (!signedIn) localStorage.setItem(GUEST_FLAG, '1');
          threadRef.current = { id: r.item.threadId } as ThreadItem;
          void load(lastRef.current);
        }
      } else if (r.retry) {
        setOffline(true);
        setHeld(r.offline ? '' : r.message);
        return;
      } else {
        setWaiting((w) => w.filter((x) => x.clientKey !== p.clientKey));
        setError(r.message);
      }
    }
  };

  useEffect(() => {
    setWaiting(pending().filter((x) => x.to === to));
    void outboxReady().then(() => setWaiting(pending().filter((x) => x.to === to)));
    const again = () => void flush();
    window.addEventListener('online', again);
    const timer = setInterval(() => pending().some((x) => x.to === to) && again(), 5000);
    return () => {
      window.removeEventListener('online', again);
      clearInterval(timer);
    };
  }, [to, flush]);

  // The service worker sent one while the page waited (Background Sync, decision 0028).
  useEffect(
    () =>
      onOutboxResult((r) => {
        if (r.kind !== 'chat') return;
        drop(r.key);
        setWaiting((w) => w.filter((x) => x.clientKey !== r.key));
        if (r.ok && r.answer.item) {
          setOffline(false);
          setMessages((m) => merge(m, [r.answer.item as MessageItem]));
        } else if (!r.ok) setError(r.answer.message ?? 'Not sent');
      }),
    [],
  );

  const live = signedIn || Boolean(thread);
  useLive((e: LiveEvent) => {
    const t = threadRef.current;
    if (e.type === 'reconnected') {
      void flush();
      if (t) void load(lastRef.current);
    } else if ((e.type === 'chat.message' || e.type === 'chat.read') && t && e.threadId === t.id)
      void load(lastRef.current);
  }, live);

  // Braces: newer browsers' scrollIntoView returns a promise, which React would call as a cleanup.
  useEffect(() => {
    endRef.current?.scrollIntoView({ block: 'end' });
  }, [messages.length, waiting.length]);

  function submit(e: React.FormEvent) {
    e.preventDefault();
    const body = text.trim();
    // Too long: the counter says so and the text stays for the writer to shorten.
    if (!body || chatLength(body) > CHAT_MESSAGE_MAX) return;
    const p: Pending = {
      clientKey: newClientKey(),
      to: threadRef.current?.id ?? 'support',
      body,
      at: Date.now(),
    };
    setWaiting((w) => [...w, p]);
    setText('');
    if (!navigator.onLine) setOffline(true);
    void queue(p).then(flush);
  }

  async function report(m: MessageItem) {
    const a = await browserApi.post(`/api/chat/messages/${m.id}/report`, {});
    setError(a.message ?? '');
  }
  async function block(on: boolean) {
    if (!thread) return;
    const a = on
      ? await browserApi.post(`/api/chat/threads/${thread.id}/block`, {})
      : await browserApi.del(`/api/chat/threads/${thread.id}/block`);
    setError(a.message ?? '');
    if (a.status) setThread({ ...thread, blocked: on });
  }

  const mineLast = [...messages].reverse().find((m) => m.mine);
  const title =
    target === 'list' ? 'Your conversations' : thread ? thread.title : 'SpareFinder support';
  const needsLogin = target !== 'list' && target.kind === 'subject' && !signedIn;
  const supportUnread = (threads ?? []).find((t) => t.kind === 'support')?.unread ?? 0;

  return (
    <section
      role="dialog"
      aria-label="Chat"
      data-testid="chat-panel"
      className="fixed inset-x-0 bottom-0 z-50 flex h-[75vh] flex-col rounded-t-xl border border-gray-200 bg-white shadow-2xl md:inset-x-auto md:bottom-4 md:right-4 md:h-[32rem] md:w-96 md:rounded-xl"
    >
      <header className="flex items-center gap-2 rounded-t-xl bg-brand-700 px-3 py-2 text-white">
        {target !== 'list' && signedIn && (
          <button
            type="button"
            className="px-1"
            onClick={() => onTarget('list')}
            aria-label="All conversations"
          >
            ‹
          </button>
        )}
        <div className="min-w-0 flex-1">
          <h2 className="truncate font-bold" data-testid="chat-title">
            {title}
          </h2>
          {thread?.subjectTitle && <p className="truncate text-xs">{thread.subjectTitle}</p>}
        </div>
        {thread?.kind === 'direct' && (
          <button
            type="button"
            className="text-xs underline"
            onClick={() => void block(!thread.blocked)}
          >
            {thread.blocked ? 'Unblock' : 'Block'}
          </button>
        )}
        <button type="button" className="px-2 text-xl" onClick={onClose} aria-label="Close chat">
          ×
        </button>
      </header>

      {target === 'list' ? (
        <ul className="flex-1 divide-y overflow-y-auto" data-testid="chat-list">
          <li>
            <button
              type="button"
              className="flex w-full justify-between gap-2 p-3 text-left font-medium"
              onClick={() => onTarget({ kind: 'support' })}
            >
              SpareFinder support
              {supportUnread > 0 && (
                <span className="rounded-full bg-accent-400 px-2 text-xs font-bold text-brand-900">
                  {supportUnread}
                </span>
              )}
            </button>
          </li>
          {(threads ?? [])
            .filter((t) => t.kind === 'direct')
            .map((t) => (
              <li key={t.id}>
                <button
                  type="button"
                  className="w-full p-3 text-left"
                  onClick={() => onTarget({ kind: 'thread', id: t.id })}
                >
                  <span className="flex justify-between gap-2">
                    <span className="truncate font-medium">{t.title}</span>
                    {t.unread > 0 && (
                      <span className="rounded-full bg-accent-400 px-2 text-xs font-bold text-brand-900">
                        {t.unread}
                      </span>
                    )}
                  </span>
                  <span className="block truncate text-xs text-gray-700">{t.subjectTitle}</span>
                  <span className="block truncate text-sm text-gray-700">{t.lastMessage}</span>
                </button>
              </li>
            ))}
          {loaded && threads?.length === 0 && (
            <li className="p-3 text-sm text-gray-700">No conversations yet.</li>
          )}
        </ul>
      ) : needsLogin ? (
        <p className="flex-1 p-4 text-sm">
          <Link to={`/auth/login`} className="underline">
            Log in
          </Link>{' '}
          to chat with the seller. Support is open to everyone:{' '}
          <button type="button" className="underline" onClick={() => onTarget({ kind: 'support' })}>
            write to support
          </button>
          .
        </p>
      ) : (
        <ol
          className="flex-1 space-y-2 overflow-y-auto p-3"
          data-testid="chat-messages"
          aria-live="polite"
        >
          {loaded && messages.length === 0 && waiting.length === 0 && (
            <li className="text-sm text-gray-700">
              {thread?.kind === 'direct'
                ? 'Ask about the part, the price or delivery.'
                : 'Hello! Ask us anything about parts, orders or payments. We usually answer within minutes.'}
            </li>
          )}
          {messages.map((m) => (
            <li
              key={m.id}
              className={`flex flex-col ${m.mine ? 'items-end' : 'items-start'}`}
              data-testid="chat-message"
            >
              <p
                className={`max-w-[85%] whitespace-pre-wrap break-words rounded-lg px-3 py-2 text-sm ${m.mine ? 'bg-brand-700 text-white' : 'bg-gray-100 text-gray-900'}`}
              >
                {m.body}
              </p>
              <span className="text-xs text-gray-700">
                {!m.mine && `${m.senderName} · `}
                {time(m.createdAt)}
                {m === mineLast && thread && thread.otherReadId >= m.id && ' · Seen'}
                {!m.mine && signedIn && thread?.kind === 'direct' && (
                  <>
                    {' · '}
                    <button type="button" className="underline" onClick={() => void report(m)}>
                      Report
                    </button>
                  </>
                )}
              </span>
            </li>
          ))}
          {waiting.map((p) => (
            <li key={p.clientKey} className="flex flex-col items-end" data-testid="chat-pending">
              <p className="max-w-[85%] whitespace-pre-wrap break-words rounded-lg bg-brand-700/60 px-3 py-2 text-sm text-white">
                {p.body}
              </p>
              <span className="text-xs text-gray-700">
                {offline ? held || OFFLINE_NOTE : 'Sending…'}
              </span>
            </li>
          ))}
          <li ref={endRef} aria-hidden />
        </ol>
      )}
      {!signedIn && target !== 'list' && thread?.kind === 'support' && (
        <GuestEmail
          email={thread.guestEmail}
          onSaved={(email) => setThread({ ...thread, guestEmail: email })}
        />
      )}
      {error && (
        <p role="status" className="px-3 py-1 text-sm text-red-800">
          {error}
        </p>
      )}
      {target !== 'list' && !needsLogin && (
        <form
          onSubmit={submit}
          className="flex gap-2 border-t p-2"
          action={chatPath(thread?.id)}
          method="post"
        >
          <label htmlFor="chat-text" className="sr-only">
            Your message
          </label>
          <MessageField
            id="chat-text"
            rows={2}
            value={text}
            onChange={setText}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && !e.shiftKey) submit(e);
            }}
            className="w-full resize-none rounded border border-gray-300 p-2 text-sm"
            placeholder="Write a message"
          />
          <button
            type="submit"
            className="btn-primary self-start"
            disabled={chatLength(text.trim()) > CHAT_MESSAGE_MAX}
          >
            Send
          </button>
        </form>
      )}
    </section>
  );
}
