import { IMAGE } from '@sf/shared';

/** The longest side a picture keeps before upload: the largest variant is 640 px, twice over. */
export const UPLOAD_MAX_SIDE = 1600;

/**
 * A picture made small before it goes up (decision 0013): at most UPLOAD_MAX_SIDE px on its
 * longest side, upright, re-encoded to WebP at quality 0.7 (IMAGE.thumbnailWebpQuality). A phone
 * photo of 4 MB leaves as a few hundred KB. Where the browser cannot (no WebP encoder, a file it
 * cannot decode) the original goes up unchanged and the server decides: the server resizes and
 * checks everything anyway, so this only saves the seller's data.
 */
export async function shrinkImage(file: File): Promise<Blob & { name?: string }> {
  try {
    const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
    const scale = Math.min(1, UPLOAD_MAX_SIDE / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(bitmap.width * scale));
    canvas.height = Math.max(1, Math.round(bitmap.height * scale));
    canvas.getContext('2d')!.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    const blob = await new Promise<Blob | null>((done) =>
      canvas.toBlob(done, 'image/webp', IMAGE.thumbnailWebpQuality),
    );
    // A browser without a WebP encoder answers PNG: the original is then smaller to send.
    if (!blob || blob.type !== 'image/webp' || blob.size >= file.size) return file;
    return blob;
  } catch {
    return file;
  }
}

/** The name a shrunk picture goes up under. */
export const webpName = (name: string) => `${name.replace(/\.[^./]*$/, '') || 'picture'}.webp`;
