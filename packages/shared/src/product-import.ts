// The CSV import of products: its limits and the description of its columns, shown on the
// import page and written in the template's help, so both say the same as the API enforces.
import { groupDigits } from './money.ts';

/** Rows one import takes (a bigger file is refused before anything is written). */
export const IMPORT_MAX_ROWS = 10_000;
/** The largest CSV file accepted. */
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;

/** Each column: its header name, whether every row must fill it, and how to write it. */
export const IMPORT_COLUMNS = [
  {
    name: 'sku',
    required: true,
    how: 'Your own code for the part, unique in your store (like LGP-0001). Importing a row with a SKU you have already updates that product instead of adding another.',
  },
  { name: 'name', required: true, how: 'The part’s name, 3 to 120 characters.' },
  {
    name: 'category',
    required: true,
    how: 'The kind of part: its name (Brake Pads) or its path (brakes/brake-pads), or "Brakes / Brake Pads". A top category alone (Brakes) is not enough.',
  },
  { name: 'condition', required: true, how: 'New, or Used (also Tokunbo).' },
  {
    name: 'price',
    required: true,
    how: 'In naira: 18500 or 18500.50 (a thousands comma needs the value in quotes).',
  },
  { name: 'sale_price', required: false, how: 'In naira, below the price; empty: not on sale.' },
  { name: 'stock', required: true, how: 'How many you have: 0 or more.' },
  { name: 'part_number', required: false, how: 'The maker’s part number (like 04465-33450).' },
  { name: 'title', required: false, how: 'A short line under the name (up to 160 characters).' },
  { name: 'description', required: false, how: 'Up to 5,000 characters; line breaks are kept.' },
  {
    name: 'fitment',
    required: false,
    how: 'The cars it fits, separated by semicolons: make, model and years, like "Toyota Corolla 2008-2013; Honda Accord 2010-2012". One year: "Honda Civic 2012". Every model of a make: "Toyota 2005-2015". Empty: fits most cars.',
  },
  {
    name: 'active',
    required: false,
    how: 'yes (on sale, the default) or no (hidden from buyers).',
  },
] as const satisfies readonly { name: string; required: boolean; how: string }[];

/**
 * The words of a refused import for the page a form without JavaScript comes back to with
 * `?uploadError=<code>` (a code, never a message, so a link cannot make the page say anything).
 * With JavaScript the page shows the API's own, more precise message.
 */
export function importErrorMessage(code: string | null | undefined): string | null {
  switch (code) {
    case null:
    case undefined:
    case '':
      return null;
    case 'UNSUPPORTED_MEDIA_TYPE':
      return "That file is not a CSV file in UTF-8. In Excel choose File > Save As > 'CSV UTF-8 (Comma delimited)'; in Google Sheets File > Download > 'Comma-separated values'. Nothing was imported.";
    case 'PAYLOAD_TOO_LARGE':
      return `That file is too big: one import takes at most ${groupDigits(IMPORT_MAX_ROWS)} rows and ${IMPORT_MAX_BYTES / (1024 * 1024)} MB. Split it into smaller files. Nothing was imported.`;
    case 'VALIDATION':
    case 'BAD_REQUEST':
      return 'The file could not be read: choose a file, and check that its first row names the columns as the template does (sku, name, category, condition, price, stock …) with rows under it. Nothing was imported.';
    case 'FORBIDDEN':
      return 'Only a store owner can import products. Nothing was imported.';
    default:
      return 'The import could not start. Please try again.';
  }
}
