/** A CSV value, quoted when it must be (a comma, a quote, a line break). */
export const csvValue = (v: string | number) => {
  const t = String(v);
  return /[",\r\n]/.test(t) ? `"${t.replace(/"/g, '""')}"` : t;
};

/**
 * A cell of a file staff open in a spreadsheet: text that starts like a formula (= + - @, or a
 * tab or carriage return before one) is prefixed with a quote so the spreadsheet shows it as text
 * instead of running it; then quoted like any value.
 */
export const safeCsvCell = (v: string | number | null | undefined) => {
  const t = v == null ? '' : String(v);
  return csvValue(/^[=+\-@\t\r]/.test(t) ? `'${t}` : t);
};

/** Lines of safe cells, CRLF-separated as RFC 4180 asks, with a byte-order mark for Excel. */
export const csvFile = (header: string[], lines: (string | number | null)[][]) =>
  `\ufeff${[header, ...lines].map((l) => l.map(safeCsvCell).join(',')).join('\r\n')}\r\n`;
