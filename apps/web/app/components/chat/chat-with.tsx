import { useLocation } from 'react-router';
import { openChat } from '../../lib/chat.ts';
import { ChatIcon } from '../icons.tsx';

/**
 * 'Chat with seller' (or provider, or buyer): a plain form to /chat that opens the conversation
 * about this subject; with JavaScript it opens the floating panel instead. WhatsApp links stay
 * where they are, because many buyers and sellers already deal on WhatsApp: chat here is an addition,
 * not a replacement.
 */
export function ChatWith({
  subject,
  subjectId,
  offerId,
  label = 'Chat with seller',
}: {
  subject: 'product' | 'order' | 'request';
  subjectId: number;
  offerId?: number;
  label?: string;
}) {
  const { pathname } = useLocation();
  return (
    <form
      method="post"
      action="/chat"
      onSubmit={(e) => {
        e.preventDefault();
        openChat({ kind: 'subject', subject, subjectId, offerId });
      }}
    >
      <input type="hidden" name="intent" value="open" />
      <input type="hidden" name="subject" value={subject} />
      <input type="hidden" name="subjectId" value={subjectId} />
      {offerId && <input type="hidden" name="offerId" value={offerId} />}
      <input type="hidden" name="back" value={pathname} />
      <button type="submit" className="btn-ghost w-full" data-testid="chat-with">
        <ChatIcon size={18} />
        {label}
      </button>
    </form>
  );
}
