import sharp from 'sharp';

/*
 * Sharing cards (Open Graph images): what WhatsApp, Facebook and X show above a shared link.
 * 1200x630 (1.91:1, the size they all crop to) JPEG: WhatsApp shows JPEG and PNG, never WebP,
 * and a photo is far smaller as JPEG than as PNG. Drawn here with sharp, nothing downloaded.
 */

export const OG_WIDTH = 1200;
export const OG_HEIGHT = 630;
/** Bump when the drawing changes: stored cards carry it in their name, so none is reused. */
export const OG_VERSION = 1;
/** Product pictures are 4:3: at the card's full height the picture is this wide. */
const PICTURE_WIDTH = Math.round((OG_HEIGHT * 4) / 3);
const JPEG = { quality: 82, mozjpeg: true, chromaSubsampling: '4:2:0' } as const;
const BRAND = '#0b6538';
const FONT = 'DejaVu Sans, Liberation Sans, Arial, sans-serif';

/** The storage name of a product picture's card. */
export const ogFileName = (pictureKey: string) => `og/${pictureKey}-o${OG_VERSION}.jpg`;

/** The site's name on a pill, bottom right of a product card: who the shared link is from. */
function brandPill(): Buffer {
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="64">` +
      `<rect width="300" height="64" rx="32" fill="${BRAND}"/>` +
      `<text x="150" y="42" font-family="${FONT}" font-size="28" font-weight="700" fill="#fff" text-anchor="middle">SpareFinder NG</text></svg>`,
  );
}

/**
 * A product's card from its main picture (any format sharp reads): the picture whole in the
 * middle, at the card's full height, over a blurred copy of itself filling the sides, so a
 * cropped preview (WhatsApp shows a square on some phones) still shows the part.
 */
export async function productCard(picture: Buffer): Promise<Buffer> {
  const [background, front] = await Promise.all([
    sharp(picture)
      .resize(OG_WIDTH, OG_HEIGHT, { fit: 'cover' })
      .blur(28)
      .modulate({ brightness: 0.85 })
      .toBuffer(),
    sharp(picture)
      .flatten({ background: '#ffffff' })
      .resize(PICTURE_WIDTH, OG_HEIGHT, { fit: 'contain', background: '#ffffff' })
      .toBuffer(),
  ]);
  return sharp(background)
    .composite([
      { input: front, left: Math.round((OG_WIDTH - PICTURE_WIDTH) / 2), top: 0 },
      { input: brandPill(), left: OG_WIDTH - 300 - 24, top: OG_HEIGHT - 64 - 24 },
    ])
    .jpeg(JPEG)
    .toBuffer();
}

/** The card of every page without a picture of its own: the site's name and what it offers. */
export function defaultCardSvg(): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${OG_WIDTH}" height="${OG_HEIGHT}" viewBox="0 0 ${OG_WIDTH} ${OG_HEIGHT}">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#0f7a45"/><stop offset="1" stop-color="#07482a"/></linearGradient></defs>` +
    `<rect width="${OG_WIDTH}" height="${OG_HEIGHT}" fill="url(#g)"/>` +
    `<g fill="none" stroke="#fff" stroke-width="14" opacity=".14" stroke-linecap="round"><circle cx="1050" cy="330" r="150"/><circle cx="1050" cy="330" r="50"/>` +
    `<path d="M1050 170v-32M1050 490v32M890 330h-32M1210 330h32M937 217l-22-22M1163 217l22-22M937 443l-22 22M1163 443l22 22"/></g>` +
    `<g font-family="${FONT}" fill="#fff">` +
    `<text x="80" y="230" font-size="86" font-weight="800">SpareFinder NG</text>` +
    `<text x="80" y="320" font-size="40" font-weight="700">Car spare parts that fit your car</text>` +
    `<text x="80" y="380" font-size="34" opacity=".92">Mechanics and tow vans near you</text>` +
    `<text x="80" y="540" font-size="32" font-weight="700" opacity=".92">Prices in naira · Sellers across Nigeria</text>` +
    `</g></svg>`
  );
}

let defaultCard: Promise<Buffer> | null = null;
/** The default card as a JPEG, drawn once per process. */
export function defaultCardJpeg(): Promise<Buffer> {
  defaultCard ??= sharp(Buffer.from(defaultCardSvg())).jpeg(JPEG).toBuffer();
  defaultCard.catch(() => (defaultCard = null));
  return defaultCard;
}
