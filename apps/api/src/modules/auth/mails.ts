import type { MailMessage } from '../../lib/mail.ts';

const esc = (v: string) =>
  v.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

export function resetMail(to: string, name: string, link: string): MailMessage {
  return {
    to,
    subject: 'Reset your SpareFinder NG password',
    text: `Hello ${name},\n\nSomeone (hopefully you) asked to reset the password of your SpareFinder NG account.\nOpen this link to choose a new password. It works once, within 1 hour:\n\n${link}\n\nIf you did not ask for this, ignore this e-mail: your password stays the same.\n\nSpareFinder NG`,
    html: `<p>Hello ${esc(name)},</p><p>Someone (hopefully you) asked to reset the password of your SpareFinder NG account. Open this link to choose a new password. It works once, within 1 hour:</p><p><a href="${esc(link)}">${esc(link)}</a></p><p>If you did not ask for this, ignore this e-mail: your password stays the same.</p><p>SpareFinder NG</p>`,
  };
}
