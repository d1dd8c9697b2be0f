/**
 * Every public image URL is built here, and ./routes.ts answers exactly these. A leaf: it imports
 * nothing, so every domain may use it.
 */

/** Product picture widths (densities 1 and 2 of the 160 and 320 px slots); pictures are 4:3. */
export const WIDTHS = [160, 320, 640] as const;

/**
 * Where browsers fetch uploaded pictures: this site (''), or the public address of S3_URL's
 * bucket (a CDN), set once when the app starts. Pages then name the CDN in `src` themselves, and
 * no picture costs a redirect through us. The content security policy allows the same origin.
 */
let picturesBase = '';
export function servePicturesFrom(base: string | undefined) {
  picturesBase = base?.replace(/\/+$/, '') ?? '';
}
/** A product, review, dispute or request picture at width `w` (the storage name `key-w.webp`). */
export const imageUrl = (key: string, w: number) =>
  picturesBase ? `${picturesBase}/${key}-${w}.webp` : `/images/p/${key}-${w}.webp`;
export const srcset = (key: string) => WIDTHS.map((w) => `${imageUrl(key, w)} ${w}w`).join(', ');

/** Uploaded logos (stores, mechanics, tow vans): square WebP, 96 px for lists and 192 for pages. */
export const LOGO_SIZES = [96, 192] as const;
export const LOGO_FILE = '^l-[a-f0-9]{16}-(96|192)\\.webp$';
export const logoUrl = (key: string, size: (typeof LOGO_SIZES)[number] = 192) =>
  `/images/logos/${key}-${size}.webp`;

/**
 * A category's tile; `image` is the category's image name (its top category's path), or the URL
 * of a picture staff uploaded for it (a logo-sized square).
 */
export const categoryImageUrl = (image: string) =>
  image.startsWith('/images/logos/')
    ? image
    : `/images/categories/${encodeURIComponent(image)}.svg`;
/** The initials tile of a store without a logo of its own. */
export const storeLogoUrl = (urlName: string) => `/images/stores/${urlName}.svg`;
/** The badge of a mechanic or tow van without a logo of its own. */
export const providerLogoUrl = (spId: number) => `/images/sp/${spId}.svg`;
/** A blog post's cover: SVG for pages, PNG for sharing cards. */
export const blogCoverUrl = (coverKey: string) => `/images/blogs/${coverKey}.svg`;
export const blogShareImageUrl = (coverKey: string) => `/images/blogs/${coverKey}.png`;
