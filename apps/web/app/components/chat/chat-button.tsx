import { lazy, Suspense, useEffect, useState } from 'react';
import type { AuthUser } from '@sf/api/types';
import { chatWaiting, onOpenChat, type ChatTarget } from '../../lib/chat.ts';

// The host (unread count, live updates, outbox) and its panel load only for a signed-in user, a
// guest with a support thread or unsent messages, or when someone opens Chat: a guest's pages
// keep their JavaScript budget (decision 0009).
const ChatHost = lazy(() => import('./chat-host.tsx'));

/**
 * The chat panel's place on every page (the Chat link itself sits in the header, so nothing
 * floats over the page's content). It hears openChat() (the header's Chat, 'Chat with seller'
 * buttons) and hands it to the host, loading the host first when it is not here yet.
 */
export function ChatButton({ user }: { user: AuthUser }) {
  const [open, setOpen] = useState<{ target: ChatTarget | 'list' } | null>(null);
  const [wanted, setWanted] = useState(false);
  useEffect(() => onOpenChat((target) => setOpen({ target })), []);
  useEffect(() => {
    if (user.isauthenticated || chatWaiting()) setWanted(true);
  }, [user.isauthenticated]);
  if (!wanted && !open) return null;
  return (
    <Suspense fallback={null}>
      <ChatHost user={user} open={open} />
    </Suspense>
  );
}
