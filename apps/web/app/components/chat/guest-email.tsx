import { useState } from 'react';
import { browserApi } from '../../lib/api.ts';

/**
 * A guest who wrote to support may leave an e-mail for the answer (optional), so leaving the
 * page does not lose it (decision 0017). A plain form to /chat without JavaScript; with it, the
 * panel saves in place.
 */
export function GuestEmail({
  email,
  onSaved,
  idPrefix = 'chat',
}: {
  email: string;
  onSaved: (email: string) => void;
  idPrefix?: string;
}) {
  const [editing, setEditing] = useState(!email);
  const [message, setMessage] = useState('');
  const [failed, setFailed] = useState(false);
  const id = `${idPrefix}-guest-email`;
  return (
    <form
      method="post"
      action="/chat"
      className="border-t border-gray-200 px-3 py-2 text-sm"
      data-testid="guest-email"
      onSubmit={(e) => {
        e.preventDefault();
        const value = String(new FormData(e.currentTarget).get('email') ?? '');
        void browserApi.put('/api/chat/support/email', { email: value }).then((a) => {
          setFailed(!a.status);
          // Saved: the line below says where answers go; a refusal or a removal says why.
          setMessage(a.status && value.trim() ? '' : (a.message ?? ''));
          if (a.status) {
            onSaved(value.trim().toLowerCase());
            setEditing(!value.trim());
          }
        });
      }}
    >
      <input type="hidden" name="intent" value="email" />
      {!editing ? (
        <p>
          We will e-mail answers to <strong>{email}</strong> too.{' '}
          <button type="button" className="underline" onClick={() => setEditing(true)}>
            Change
          </button>
        </p>
      ) : (
        <>
          <label htmlFor={id} className="block text-gray-800">
            Leaving soon? Get our answer by e-mail too (optional)
          </label>
          <div className="mt-1 flex gap-2">
            <input
              id={id}
              name="email"
              type="email"
              autoComplete="email"
              inputMode="email"
              defaultValue={email}
              placeholder="you@example.com"
              className="min-w-0 flex-1 rounded border border-gray-300 px-2 py-1"
            />
            <button type="submit" className="btn-ghost py-1">
              Save
            </button>
          </div>
        </>
      )}
      {message && (
        <p role="status" className={failed ? 'text-red-800' : 'text-gray-700'}>
          {message}
        </p>
      )}
    </form>
  );
}
