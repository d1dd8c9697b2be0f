import { lazy, Suspense, useEffect, useState } from 'react';
import type { AuthUser } from '@sf/api/types';
import { browserApi } from '../../lib/api.ts';
import {
  chatPath,
  GUEST_FLAG,
  onOpenChat,
  outboxReady,
  pending,
  sendPending,
  type ChatTarget,
} from '../../lib/chat.ts';
import { useLive } from '../../lib/live.ts';
import { ChatIcon } from '../icons.tsx';

// The panel's code loads only when someone opens it (most visitors never do).
const ChatPanel = lazy(() => import('./chat-panel.tsx'));

/**
 * The floating Chat button on every page. Without JavaScript it is a link to /chat;
 * with it, it opens the panel (hidden until then). 'Chat with seller' buttons open it on their
 * thread through openChat(). Messages left in the outbox by an earlier page go out from here.
 */
export function ChatButton({ user }: { user: AuthUser }) {
  const [target, setTarget] = useState<ChatTarget | 'list' | null>(null);
  const [unread, setUnread] = useState(0);
  // Where the badge leads: the one conversation waiting, or the list when several wait.
  const [waiting, setWaiting] = useState<{ threads: number; threadId: number | null }>({
    threads: 0,
    threadId: null,
  });
  const signedIn = user.isauthenticated;
  const [follows, setFollows] = useState(false);

  useEffect(() => onOpenChat((t) => setTarget(t)), []);
  useEffect(() => {
    setFollows(signedIn || localStorage.getItem(GUEST_FLAG) === '1');
    void outboxReady().then(() => {
      for (const p of pending()) void sendPending(p);
    });
  }, [signedIn]);

  const refresh = () => {
    if (signedIn)
      void browserApi.get('/api/chat/unread').then((a) => {
        if (!a.status) return;
        setUnread(Number(a.unread));
        setWaiting({ threads: Number(a.threads), threadId: (a.threadId as number | null) ?? null });
      });
    else
      void browserApi
        .get('/api/chat/support')
        .then(
          (a) => a.status && setUnread(Number((a.item as { unread?: number } | null)?.unread ?? 0)),
        );
  };
  useEffect(() => {
    if (follows) refresh();
  }, [follows]);
  useLive(
    (e) => {
      if (e.type.startsWith('chat.') || e.type === 'reconnected') refresh();
    },
    follows && target === null,
  );

  const open = target !== null;
  // With nothing unread the button opens support; with unread messages, what waits.
  const opens: ChatTarget | 'list' =
    unread > 0 && signedIn && waiting.threads > 1
      ? 'list'
      : unread > 0 && signedIn && waiting.threadId
        ? { kind: 'thread', id: waiting.threadId }
        : { kind: 'support' };
  return (
    <>
      {!open && (
        <a
          href={typeof opens === 'object' && opens.kind === 'thread' ? chatPath(opens.id) : '/chat'}
          onClick={(e) => {
            e.preventDefault();
            setTarget(opens);
            setUnread(0);
          }}
          className={`fixed right-3 z-40 flex items-center gap-2 rounded-full bg-brand-700 px-4 py-3 font-bold text-white shadow-lg hover:bg-brand-800 md:bottom-4 ${signedIn ? 'bottom-16' : 'bottom-3'}`}
          data-testid="chat-button"
          aria-label={unread ? `Chat, ${unread} unread` : 'Chat'}
        >
          <ChatIcon size={20} />
          Chat
          {unread > 0 && (
            <span
              className="grid min-w-5 place-items-center rounded-full bg-accent-400 px-1 text-xs text-brand-900"
              data-testid="chat-unread"
            >
              {unread}
            </span>
          )}
        </a>
      )}
      {open && (
        <Suspense fallback={null}>
          <ChatPanel
            user={user}
            target={target}
            onTarget={setTarget}
            onClose={() => {
              setTarget(null);
              setFollows(signedIn || localStorage.getItem(GUEST_FLAG) === '1');
            }}
          />
        </Suspense>
      )}
    </>
  );
}
