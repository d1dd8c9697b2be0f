// E-mail address checks on their own: the page shell (the footer's newsletter box) needs only
// these, and importing them from auth.ts or content.ts would carry those modules into every
// page's JavaScript (decision 0009).
export const EMAIL_MAX = 254;
export const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const isEmail = (v: string) => v.length <= EMAIL_MAX && EMAIL_RE.test(v);
