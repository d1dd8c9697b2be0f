import { useState } from 'react';
import { CHAT_MESSAGE_MAX, chatLength, chatTooLong } from '@sf/shared';

/** The counter shows from this share of the limit on, so a short message stays uncluttered. */
const SHOW_FROM = 0.75;

/**
 * A chat message box with no `maxLength`: a browser would cut a long paste silently. Instead a
 * counter appears near the limit and, over it, says how long the message is and that it will
 * not be sent (the API refuses the same with the same words: decision 0017). Controlled when
 * `value` is given (the floating panel), otherwise a plain form field that works without
 * JavaScript (`defaultValue` keeps a refused message in the box).
 */
export function MessageField({
  id,
  value,
  onChange,
  defaultValue,
  rows,
  className,
  placeholder,
  onKeyDown,
  required,
}: {
  id: string;
  value?: string;
  onChange?: (v: string) => void;
  defaultValue?: string;
  rows: number;
  className: string;
  placeholder?: string;
  onKeyDown?: (e: React.KeyboardEvent<HTMLTextAreaElement>) => void;
  required?: boolean;
}) {
  const [own, setOwn] = useState(defaultValue ?? '');
  const text = value ?? own;
  const length = chatLength(text);
  const over = length > CHAT_MESSAGE_MAX;
  const counterId = `${id}-count`;
  const near = over || length >= CHAT_MESSAGE_MAX * SHOW_FROM;
  return (
    <div className="min-w-0 flex-1">
      <textarea
        id={id}
        name="body"
        rows={rows}
        required={required}
        value={value}
        defaultValue={value === undefined ? defaultValue : undefined}
        onChange={(e) => {
          if (value === undefined) setOwn(e.target.value);
          onChange?.(e.target.value);
        }}
        onKeyDown={onKeyDown}
        aria-invalid={over || undefined}
        aria-describedby={near ? counterId : undefined}
        className={`${className} ${over ? 'border-red-700 ring-1 ring-red-700' : ''}`}
        placeholder={placeholder}
      />
      {near && (
        <p
          id={counterId}
          role={over ? 'alert' : undefined}
          data-testid="chat-count"
          className={`text-xs ${over ? 'font-semibold text-red-800' : 'text-gray-700'}`}
        >
          {over
            ? chatTooLong(length)
            : `${length.toLocaleString('en-NG')} of ${CHAT_MESSAGE_MAX.toLocaleString('en-NG')} characters`}
        </p>
      )}
    </div>
  );
}

/** True when a message may be sent as it is (not empty, not over the limit). */
export const sendable = (text: string) =>
  text.trim() !== '' && chatLength(text.trim()) <= CHAT_MESSAGE_MAX;
