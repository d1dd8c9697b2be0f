import { useState, type FormEvent } from 'react';
import { MESSAGES } from '@sf/shared';
import { browserApi } from '../lib/api.ts';
import { useToast } from './toasts.tsx';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Footer newsletter box: posts the form body emailAddress (seed §7). */
export function NewsletterBox() {
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const notify = useToast();
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const value = email.trim();
    if (!EMAIL.test(value)) return notify('error', MESSAGES.invalidEmail);
    setBusy(true);
    const ans = await browserApi.post<never>('/api/email/contact-list/newsletter', new URLSearchParams({ emailAddress: value }));
    setBusy(false);
    if (ans.status) {
      setEmail('');
      notify('success', MESSAGES.newsletterThanks);
    } else notify('error', MESSAGES.newsletterFailed(String(ans.message ?? '')));
  };
  return (
    <form method="post" action="/api/email/contact-list/newsletter" onSubmit={onSubmit} className="flex" noValidate>
      <label htmlFor="newsletter-email" className="sr-only">Your e-mail address</label>
      <input id="newsletter-email" name="emailAddress" type="email" value={email} onChange={(e) => setEmail(e.target.value)} placeholder="you@example.com" className="input rounded-r-none" autoComplete="email" />
      <button type="submit" disabled={busy} className="btn-accent rounded-l-none">Subscribe</button>
    </form>
  );
}
