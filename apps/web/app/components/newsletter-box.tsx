import { useState, type FormEvent } from 'react';
import { isEmail } from '@sf/shared/email';
import { MESSAGES } from '@sf/shared/messages';
import { browserApi } from '../lib/api.ts';
import { useToast } from './toasts.tsx';

/** The answer of a no-JavaScript post: the API redirects back with ?newsletter=ok|invalid|error. */
const NO_JS_RESULT: Record<string, { ok: boolean; text: string }> = {
  ok: { ok: true, text: MESSAGES.newsletterThanks },
  invalid: { ok: false, text: MESSAGES.invalidEmail },
  error: { ok: false, text: MESSAGES.newsletterFailed('right now. Please try again in a moment.') },
};

/** The page's `?newsletter=` value that changes what the box shows ('' for none or an unknown one). */
export const newsletterResult = (search: string) => {
  const v = new URLSearchParams(search).get('newsletter') ?? '';
  return v in NO_JS_RESULT ? v : '';
};

/**
 * Footer newsletter box: posts the form field emailAddress; works without JavaScript too.
 * `noJsResult` is newsletterResult() of the page's address (a prop, so the footer needs no router).
 */
export function NewsletterBox({ noJsResult = '' }: { noJsResult?: string }) {
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const notify = useToast();
  const result = NO_JS_RESULT[noJsResult];
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const value = email.trim();
    if (!isEmail(value)) return notify('error', MESSAGES.invalidEmail);
    setBusy(true);
    const ans = await browserApi.post<never>(
      '/api/email/contact-list/newsletter',
      new URLSearchParams({ emailAddress: value }),
    );
    setBusy(false);
    if (ans.status) {
      setEmail('');
      notify('success', MESSAGES.newsletterThanks);
    } else
      notify(
        'error',
        ans.code === 'VALIDATION' || ans.code === 'BAD_REQUEST'
          ? MESSAGES.invalidEmail
          : MESSAGES.newsletterFailed(String(ans.message ?? '')),
      );
  };
  return (
    <>
      <form
        method="post"
        action="/api/email/contact-list/newsletter"
        onSubmit={onSubmit}
        className="flex"
        noValidate
      >
        <label htmlFor="newsletter-email" className="sr-only">
          Your e-mail address
        </label>
        <input
          id="newsletter-email"
          name="emailAddress"
          type="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          placeholder="you@example.com"
          className="input rounded-r-none"
          autoComplete="email"
        />
        <button type="submit" disabled={busy} className="btn-accent rounded-l-none">
          Subscribe
        </button>
      </form>
      {result && (
        <p
          role="status"
          data-newsletter-result
          className={`mt-2 rounded-[var(--radius-card)] px-3 py-2 text-sm font-semibold ${result.ok ? 'bg-brand-50 text-brand-900' : 'bg-red-50 text-red-900'}`}
        >
          {result.text}
        </p>
      )}
    </>
  );
}
