import { IMAGE_MAX_BYTES, IMAGE_TYPES } from '@sf/shared';
import {
  imageVariants,
  newKey,
  placeholderOf,
  removeFiles,
  storeThenCommit,
  type UploadSpec,
  type Variant,
  type VariantSpec,
} from '../../lib/uploads.ts';
import type { Storage } from '../../lib/storage.ts';
import { heightFor } from './service.ts';
import { LOGO_SIZES, WIDTHS, logoUrl } from './urls.ts';

// What an uploaded picture becomes (decision 0013): the catalogue's product widths, or a logo's
// two squares, each a WebP file in storage. Domains call these with the bytes `receiveFiles`
// handed them, and the names here to remove a picture's files again.

/** The upload limits of pictures: `maxFiles` per request, in the page's file field `field`. */
export const pictureSpec = (maxFiles: number, field: string): UploadSpec => ({
  maxBytes: IMAGE_MAX_BYTES,
  maxFiles,
  accept: IMAGE_TYPES,
  noun: 'picture',
  field,
});

/** The whole part on white at 4:3, in every width the catalogue serves: never cropped. */
const PRODUCT_VARIANTS: VariantSpec[] = WIDTHS.map((w) => ({
  suffix: String(w),
  width: w,
  height: heightFor(w),
  fit: 'contain',
}));

const LOGO_VARIANTS: VariantSpec[] = LOGO_SIZES.map((s) => ({
  suffix: String(s),
  width: s,
  height: s,
  fit: 'contain',
}));

export interface ProductPicture {
  key: string;
  files: Variant[];
  width: number;
  height: number;
  placeholder: string;
}

/** A product picture's files (160, 320, 640 px) and its loading placeholder. */
export async function productPicture(data: Buffer): Promise<ProductPicture> {
  const key = newKey('u');
  const files = await imageVariants(data, key, PRODUCT_VARIANTS);
  const largest = files[files.length - 1];
  return {
    key,
    files,
    width: largest.width,
    height: largest.height,
    // From the smallest variant: already decoded, checked and small.
    placeholder: await placeholderOf(files[0].data),
  };
}

/** The files of an uploaded product picture; none for a drawn one (`g-…`, shared and redrawn). */
export const productPictureFiles = (key: string) =>
  key.startsWith('u-') ? WIDTHS.map((w) => `${key}-${w}.webp`) : [];

/** A logo's files (96 and 192 px squares) and the URL its owner's row keeps. */
export async function logoPicture(data: Buffer) {
  const key = newKey('l');
  const files = await imageVariants(data, key, LOGO_VARIANTS);
  return { url: logoUrl(key), files: files.map((f) => ({ ...f, name: `logos/${f.name}` })) };
}

/** The stored files of a logo URL kept in a row; none for a drawn tile or badge. */
export function logoFilesOf(url: string | null | undefined): string[] {
  const m = url ? /^\/images\/logos\/(l-[a-f0-9]{16})-\d+\.webp$/.exec(url) : null;
  return m ? LOGO_SIZES.map((s) => `logos/${m[1]}-${s}.webp`) : [];
}

/**
 * Puts a logo in place: stores its files, runs `swap` (which writes the new URL, or null for the
 * drawn tile, to its row and answers the URL it replaced), then removes the old logo's files.
 * When `swap` fails the new files are removed again.
 */
export async function replaceLogo(
  storage: Storage,
  logo: { url: string; files: Variant[] } | null,
  swap: (url: string | null) => Promise<string | null>,
): Promise<void> {
  const old = await storeThenCommit(storage, logo?.files ?? [], () => swap(logo?.url ?? null));
  if (old !== (logo?.url ?? null)) await removeFiles(storage, logoFilesOf(old));
}
