import { Form } from 'react-router';
import { MessageField } from './message-field.tsx';
import { Link } from '../link.tsx';

/**
 * The message box of a chat page, a plain form so it works without JavaScript; `refreshTo`
 * reloads the thread for a reader whose browser does not receive live messages.
 */
export function ComposeForm({
  clientKey,
  error,
  body,
  refreshTo,
}: {
  clientKey: string;
  error?: string;
  /** The refused message, back in the box to shorten. */
  body?: string;
  refreshTo: string;
}) {
  return (
    <Form method="post" className="mt-3 space-y-2">
      <input type="hidden" name="clientKey" value={clientKey} />
      <label htmlFor="body" className="block font-medium">
        Your message
      </label>
      <MessageField
        key={body ?? ''}
        id="body"
        required
        rows={3}
        defaultValue={body}
        className="w-full rounded border border-gray-300 p-2"
      />
      {error && (
        <p role="alert" className="text-sm text-red-800">
          {error}
        </p>
      )}
      <button type="submit" className="btn-primary">
        Send
      </button>{' '}
      <Link to={refreshTo} className="text-sm underline">
        Refresh
      </Link>
    </Form>
  );
}
