import type { MessageItem, ThreadItem } from '../../lib/chat.ts';

/** A conversation's messages as plain HTML (the /chat pages and the staff inbox). */
export function MessageList({
  messages,
  thread,
  empty,
  staff = false,
}: {
  messages: MessageItem[];
  thread: ThreadItem | null;
  empty: string;
  staff?: boolean;
}) {
  if (messages.length === 0) return <p className="text-sm text-gray-700">{empty}</p>;
  const mineLast = [...messages].reverse().find((m) => m.mine);
  return (
    <ol className="space-y-2" data-testid="chat-messages">
      {messages.map((m) => (
        <li
          key={m.id}
          className={`flex flex-col ${m.mine ? 'items-end' : 'items-start'}`}
          data-testid="chat-message"
        >
          <p
            className={`max-w-[85%] whitespace-pre-wrap break-words rounded-lg px-3 py-2 text-sm ${m.mine ? 'bg-brand-700 text-white' : 'bg-gray-100 text-gray-900'} ${m.reports ? 'ring-2 ring-red-600' : ''}`}
          >
            {m.body}
          </p>
          <span className="text-xs text-gray-700">
            {m.senderName} · {new Date(m.createdAt).toLocaleString('en-NG')}
            {m === mineLast && thread && thread.otherReadId >= m.id && ' · Seen'}
            {staff && m.reports > 0 && ` · reported ${m.reports}×`}
            {staff && m.hidden && ' · hidden from the other side (blocked)'}
          </span>
        </li>
      ))}
    </ol>
  );
}
