/**
 * Lite mode (docs/decisions/0028): pictures wait for a tap. On when the browser asks to save
 * data (the `Save-Data: on` client hint, sent by Chrome's data saver and Opera Mini's) or the
 * visitor turned on "Data saver" (this cookie, "1"; "0" turns it off even with Save-Data).
 */
export const LITE_COOKIE = 'sf_lite';
const LITE_RE = new RegExp(`(?:^|;)\\s*${LITE_COOKIE}=([01])`);

/** The visitor's own choice from the cookie: true, false, or null (none made). */
export function liteChoice(cookie: string | null | undefined): boolean | null {
  const m = cookie ? LITE_RE.exec(cookie) : null;
  return m ? m[1] === '1' : null;
}

/** Is lite mode on for a request with these headers? */
export function wantsLite(
  saveData: string | null | undefined,
  cookie: string | null | undefined,
): boolean {
  return liteChoice(cookie) ?? saveData?.trim().toLowerCase() === 'on';
}
