// Upload limits and the messages of a refused upload, shared by the API (which enforces them)
// and the pages (which state them next to the file fields and show the refusal after a form
// post that redirected back). Decision 0013 explains the numbers.

/** Pictures (product images, logos, photos): the most one file may weigh before resizing. */
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
/** Pictures of one product. */
export const PRODUCT_IMAGES_MAX = 8;
/** The picture types accepted, recognised by their first bytes, never by name or declared type. */
export const IMAGE_TYPES = ['jpeg', 'png', 'webp'] as const;
/** What the browser may pick (the server checks the bytes anyway). */
export const IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp';

const MB = (n: number) => `${Math.round(n / (1024 * 1024))} MB`;

/**
 * The message of a refused upload by its error code, for pages that come back from a form post
 * with `?uploadError=<code>` (a code, not a message, so a link cannot make the page say anything).
 */
export function uploadErrorMessage(code: string | null | undefined): string | null {
  switch (code) {
    case null:
    case undefined:
    case '':
      return null;
    case 'PAYLOAD_TOO_LARGE':
      return `That file is too large: a picture may be at most ${MB(IMAGE_MAX_BYTES)}. Nothing was saved.`;
    case 'UNSUPPORTED_MEDIA_TYPE':
      return 'That file is not a JPEG, PNG or WebP picture. Nothing was saved.';
    case 'CONFLICT':
      return `A product has at most ${PRODUCT_IMAGES_MAX} pictures: delete one before adding another. Nothing was saved.`;
    case 'VALIDATION':
    case 'BAD_REQUEST':
      return 'Choose a JPEG, PNG or WebP picture to upload (it could not be read). Nothing was saved.';
    case 'NOT_FOUND':
    case 'FORBIDDEN':
      return 'You cannot change that. Nothing was saved.';
    default:
      return 'The upload failed. Please try again; nothing was saved.';
  }
}
