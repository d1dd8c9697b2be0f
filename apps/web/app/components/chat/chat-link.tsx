import { chatPath, openChat, useChatBadge } from '../../lib/chat.ts';
import { ChatIcon } from '../icons.tsx';

/**
 * Chat in the page's own bars, never floating over its content: in the header (always in reach,
 * the header stays on top) and, for a signed-in phone user, whose header has no room left, in
 * the bottom bar. A link to /chat without JavaScript (to the conversation waiting, when one is);
 * with it, it opens the panel on what waits.
 */
export function ChatLink({ place }: { place: 'header' | 'bar' }) {
  const { unread, opens } = useChatBadge();
  const href = typeof opens === 'object' && opens.kind === 'thread' ? chatPath(opens.id) : '/chat';
  return (
    <a
      href={href}
      onClick={(e) => {
        e.preventDefault();
        openChat(opens);
      }}
      className={
        place === 'header'
          ? 'btn relative gap-1.5 px-2 text-white'
          : 'relative flex min-h-14 items-center justify-center gap-1 text-sm font-medium text-gray-700'
      }
      data-testid="chat-button"
      aria-label={unread ? `Chat, ${unread} unread` : 'Chat'}
    >
      {place === 'header' && <ChatIcon size={22} />}
      <span className={place === 'header' ? 'hidden text-sm font-semibold md:inline' : ''}>
        Chat
      </span>
      {unread > 0 && (
        <span
          className={`grid min-w-5 place-items-center rounded-full bg-accent-400 px-1 text-xs font-bold text-brand-900 ${place === 'header' ? 'absolute -right-0.5 top-0.5' : ''}`}
          data-testid="chat-unread"
        >
          {unread}
        </span>
      )}
    </a>
  );
}
