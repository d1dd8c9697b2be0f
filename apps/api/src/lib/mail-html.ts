/*
 * The HTML part of our e-mails. Mail programs ignore <style> blocks and external sheets in many
 * cases (Gmail's app, Outlook), so every style is inline, the layout is a table 600 px wide at
 * most, and nothing is loaded from elsewhere (no pictures, no fonts): the receipt reads the same
 * offline and on a phone that blocks images. The plain-text part stays the message's other half
 * (lib/mail.ts): some people read only that.
 */

/** Markup that is already safe: only `html` below and the helpers here make one. */
export class Html {
  constructor(readonly value: string) {}
  toString() {
    return this.value;
  }
}

export const escapeHtml = (v: unknown) =>
  String(v ?? '').replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

const piece = (v: unknown): string =>
  v instanceof Html
    ? v.value
    : Array.isArray(v)
      ? v.map(piece).join('')
      : v === null || v === undefined || v === false
        ? ''
        : escapeHtml(v);

/**
 * Markup with every interpolated value escaped (names, notes, product names: anything a user
 * typed), unless it is Html already; arrays are joined, null, undefined and false leave nothing.
 */
export function html(strings: TemplateStringsArray, ...values: unknown[]): Html {
  let out = strings[0];
  values.forEach((v, i) => (out += piece(v) + strings[i + 1]));
  return new Html(out);
}

const FONT = 'font-family:Arial,Helvetica,sans-serif';
const INK = '#111827';
const MUTED = '#4b5563';
const BRAND = '#0b6538';
const LINE = '#e5e7eb';

export const styles = { FONT, INK, MUTED, BRAND, LINE } as const;

/** A call to action that works as a plain link in every mail program. */
export const button = (href: string, label: string) =>
  html`<a
    href="${href}"
    style="display:inline-block;background:${BRAND};color:#ffffff;${FONT};font-size:16px;font-weight:bold;text-decoration:none;padding:12px 20px;border-radius:8px;margin:4px 8px 4px 0"
    >${label}</a
  >`;

export const paragraph = (content: unknown) =>
  html`<p style="margin:0 0 14px;${FONT};font-size:16px;line-height:24px;color:${INK}">
    ${content}
  </p>`;

/**
 * A whole message: the site's name, a heading, the body, a footer. `preheader` is the line mail
 * programs show after the subject in the inbox list (hidden in the message itself).
 */
export function mailDocument(o: {
  title: string;
  preheader: string;
  body: Html;
  footer?: Html | string;
}): string {
  return html`<!doctype html>
    <html lang="en-NG">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light only" />
        <title>${o.title}</title>
      </head>
      <body style="margin:0;padding:0;background:#f3f4f6">
        <div style="display:none;max-height:0;overflow:hidden;opacity:0">${o.preheader}</div>
        <table
          role="presentation"
          width="100%"
          cellpadding="0"
          cellspacing="0"
          style="background:#f3f4f6"
        >
          <tr>
            <td align="center" style="padding:16px 8px">
              <table
                role="presentation"
                width="100%"
                cellpadding="0"
                cellspacing="0"
                style="max-width:600px;background:#ffffff;border-radius:12px;border:1px solid ${LINE}"
              >
                <tr>
                  <td
                    style="background:${BRAND};border-radius:12px 12px 0 0;padding:14px 20px;${FONT};font-size:20px;font-weight:bold;color:#ffffff"
                  >
                    SpareFinder NG
                  </td>
                </tr>
                <tr>
                  <td style="padding:20px">
                    <h1
                      style="margin:0 0 16px;${FONT};font-size:22px;line-height:28px;color:${INK}"
                    >
                      ${o.title}
                    </h1>
                    ${o.body}
                  </td>
                </tr>
                <tr>
                  <td
                    style="padding:16px 20px;border-top:1px solid ${LINE};${FONT};font-size:13px;line-height:20px;color:${MUTED}"
                  >
                    ${o.footer ?? 'SpareFinder NG: car spare parts, mechanics and tow vans across Nigeria.'}
                  </td>
                </tr>
              </table>
            </td>
          </tr>
        </table>
      </body>
    </html>`.value;
}
