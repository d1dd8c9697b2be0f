import { lazy, Suspense, useEffect, useState } from 'react';
import type { AuthUser } from '@sf/api/types';
import { browserApi } from '../../lib/api.ts';
import { GUEST_FLAG, setChatBadge, type ChatTarget } from '../../lib/chat.ts';
import { outboxReady, pending, sendPending } from '../../lib/chat-outbox.ts';
import { useLive } from '../../lib/live.ts';

// The panel's code loads only when someone opens it (most visitors never do).
const ChatPanel = lazy(() => import('./chat-panel.tsx'));

/**
 * The chat panel's host (loaded by ChatButton when there is a chat to follow or Chat is opened).
 * It keeps the unread count and what waits for the header's badge, opens the panel on each
 * openChat() ChatButton passes on (the header's Chat, 'Chat with seller' buttons), and sends
 * what an earlier page left in the outbox.
 */
export default function ChatHost({
  user,
  open,
}: {
  user: AuthUser;
  /** The latest openChat(): a new object each time, so the same target opens again. */
  open: { target: ChatTarget | 'list' } | null;
}) {
  const [target, setTarget] = useState<ChatTarget | 'list' | null>(null);
  const signedIn = user.isauthenticated;
  const [follows, setFollows] = useState(false);

  useEffect(() => {
    if (open) setTarget(open.target);
  }, [open]);
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
        const unread = Number(a.unread);
        const threads = Number(a.threads);
        const one = (a.threadId as number | null) ?? null;
        // With unread messages, Chat opens what waits: one conversation, or the list of several.
        setChatBadge({
          unread,
          opens:
            unread > 0 && threads > 1
              ? 'list'
              : unread > 0 && one
                ? { kind: 'thread', id: one }
                : { kind: 'support' },
        });
      });
    else
      void browserApi.get('/api/chat/support').then(
        (a) =>
          a.status &&
          setChatBadge({
            unread: Number((a.item as { unread?: number } | null)?.unread ?? 0),
            opens: { kind: 'support' },
          }),
      );
  };
  useEffect(() => {
    if (follows) refresh();
    else setChatBadge({ unread: 0, opens: { kind: 'support' } });
  }, [follows]);
  useLive(
    (e) => {
      if (e.type.startsWith('chat.') || e.type === 'reconnected') refresh();
    },
    follows && target === null,
  );

  if (target === null) return null;
  return (
    <Suspense fallback={null}>
      <ChatPanel
        user={user}
        target={target}
        onTarget={setTarget}
        onClose={() => {
          setTarget(null);
          const now = signedIn || localStorage.getItem(GUEST_FLAG) === '1';
          setFollows(now);
          // What was read in the panel no longer waits.
          if (now) refresh();
        }}
      />
    </Suspense>
  );
}
