import sharp from 'sharp';

/** One part of a multipart form: a file (with `data`) or a plain field (with `value`). */
export type Part =
  | { field: string; filename: string; data: Buffer; type?: string }
  | { field: string; value: string };

/**
 * A multipart/form-data body as a browser sends it, for `app.inject` (`payload` and `headers`).
 * Built by hand so a test controls every byte (a wrong declared type, an empty file part).
 */
export function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----sftest${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const head =
      'data' in p
        ? `Content-Disposition: form-data; name="${p.field}"; filename="${p.filename}"\r\nContent-Type: ${p.type ?? 'application/octet-stream'}\r\n`
        : `Content-Disposition: form-data; name="${p.field}"\r\n`;
    chunks.push(Buffer.from(`--${boundary}\r\n${head}\r\n`));
    chunks.push('data' in p ? p.data : Buffer.from(p.value));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A photo as a phone takes it: JPEG with EXIF (GPS position, camera) unless told otherwise. */
export function photo(
  o: {
    width?: number;
    height?: number;
    colour?: string;
    gps?: boolean;
    format?: 'jpeg' | 'png' | 'webp';
  } = {},
): Promise<Buffer> {
  const img = sharp({
    create: {
      width: o.width ?? 800,
      height: o.height ?? 600,
      channels: 3,
      background: o.colour ?? '#c0392b',
    },
  });
  const withExif =
    o.gps === false
      ? img
      : img.withExif({
          IFD0: { Make: 'TestPhone', Model: 'SF-1', Artist: 'Seller at Ladipo' },
          IFD3: {
            GPSLatitudeRef: 'N',
            GPSLatitude: '6/1 31/1 0/1',
            GPSLongitudeRef: 'E',
            GPSLongitude: '3/1 21/1 0/1',
          },
        });
  const f = o.format ?? 'jpeg';
  return (
    f === 'png' ? withExif.png() : f === 'webp' ? withExif.webp() : withExif.jpeg()
  ).toBuffer();
}

/** A PHP script saved under a picture's name. */
export const PHP_AS_JPG = Buffer.from('<?php system($_GET["c"]); ?>\n' + 'x'.repeat(200));
