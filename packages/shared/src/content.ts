// Blogs, static pages, newsletter and contact: limits, validation and the restricted-Markdown parser
// that both the API (to check) and the web (to render, as React elements) use.
import { EMAIL_MAX, isEmail } from './email.ts';
import type { FieldErrors } from './errors.ts';

export const COMMENT_MAX = 1000;
/**
 * Comments a user may post per minute; contact messages and newsletter sign-ups an address
 * (a network for IPv6) may send per hour. Many phones share one address behind a mobile
 * operator, so the per-address numbers leave room for neighbours.
 */
export const COMMENT_RATE = { max: 5, windowMs: 60_000 } as const;
export const CONTACT_RATE = { max: 5, windowMs: 3_600_000 } as const;
export const NEWSLETTER_RATE = { max: 20, windowMs: 3_600_000 } as const;

export const CONTACT_LIMITS = {
  name: { min: 2, max: 100 },
  email: { min: 3, max: EMAIL_MAX },
  phone: { min: 0, max: 20 },
  subject: { min: 3, max: 150 },
  message: { min: 10, max: 3000 },
} as const;

export interface ContactInput {
  name: string;
  email: string;
  phone?: string;
  subject: string;
  message: string;
}
export type ContactField = keyof ContactInput;
export type ContactErrors = FieldErrors<ContactField>;

const LABELS: Record<ContactField, string> = {
  name: 'Your name',
  email: 'E-mail',
  phone: 'Phone',
  subject: 'Subject',
  message: 'Message',
};

/** Trims every field and checks it; the errors name the field as its label does. */
export function validateContact(raw: Partial<Record<ContactField, unknown>>): {
  value: ContactInput;
  errors: ContactErrors;
} {
  const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
  const value: ContactInput = {
    name: str(raw.name),
    email: str(raw.email),
    phone: str(raw.phone) || undefined,
    subject: str(raw.subject),
    message: str(raw.message),
  };
  const errors: ContactErrors = {};
  for (const f of ['name', 'subject', 'message'] as const) {
    const { min, max } = CONTACT_LIMITS[f];
    const v = value[f];
    if (!v) errors[f] = `${LABELS[f]} is required`;
    else if (v.length < min) errors[f] = `${LABELS[f]} must be at least ${min} characters`;
    else if (v.length > max) errors[f] = `${LABELS[f]} must be at most ${max} characters`;
  }
  if (!value.email) errors.email = 'E-mail is required';
  else if (!isEmail(value.email)) errors.email = 'Please Enter a Valid Email';
  if (value.phone) {
    const digits = value.phone.replace(/[\s\-().+]/g, '');
    if (value.phone.length > CONTACT_LIMITS.phone.max || !/^\d{7,15}$/.test(digits))
      errors.phone = 'Enter a phone number such as 0803 123 4567';
  }
  return { value, errors };
}

/** A comment's text, trimmed, or the reason it is refused. */
export function validateComment(raw: unknown): { value: string; error?: string } {
  const value = typeof raw === 'string' ? raw.trim() : '';
  if (!value) return { value, error: 'Write a comment first' };
  if (value.length > COMMENT_MAX)
    return { value, error: `A comment can be at most ${COMMENT_MAX} characters` };
  return { value };
}

// ---- Restricted Markdown: paragraphs, '## ' subheadings, '- ' bullets, **bold**. Nothing else, never HTML.

export type Inline = { bold: boolean; text: string };
export type Block =
  | { type: 'heading'; inlines: Inline[] }
  | { type: 'paragraph'; inlines: Inline[] }
  | { type: 'list'; items: Inline[][] };

/** Splits **bold** runs; an unmatched ** stays as text. */
export function parseInline(text: string): Inline[] {
  const out: Inline[] = [];
  const re = /\*\*(.+?)\*\*/g;
  let last = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    if (m.index > last) out.push({ bold: false, text: text.slice(last, m.index) });
    out.push({ bold: true, text: m[1] });
    last = m.index + m[0].length;
  }
  if (last < text.length) out.push({ bold: false, text: text.slice(last) });
  return out;
}

/** Blocks of the restricted Markdown: blank lines separate paragraphs; consecutive '- ' lines form one list. */
export function parseRichText(src: string): Block[] {
  const blocks: Block[] = [];
  let para: string[] = [];
  let list: Inline[][] | null = null;
  const flush = () => {
    if (para.length) blocks.push({ type: 'paragraph', inlines: parseInline(para.join(' ')) });
    para = [];
    if (list) blocks.push({ type: 'list', items: list });
    list = null;
  };
  for (const raw of src.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trim();
    if (!line) {
      flush();
    } else if (line.startsWith('## ')) {
      flush();
      blocks.push({ type: 'heading', inlines: parseInline(line.slice(3).trim()) });
    } else if (line.startsWith('- ')) {
      if (para.length) {
        blocks.push({ type: 'paragraph', inlines: parseInline(para.join(' ')) });
        para = [];
      }
      (list ??= []).push(parseInline(line.slice(2).trim()));
    } else {
      if (list) {
        blocks.push({ type: 'list', items: list });
        list = null;
      }
      para.push(line);
    }
  }
  flush();
  return blocks;
}
