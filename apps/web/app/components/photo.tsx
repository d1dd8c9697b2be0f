import { useState, type ImgHTMLAttributes } from 'react';
import { useLite } from '../lib/lite.ts';

type Props = ImgHTMLAttributes<HTMLImageElement> & {
  width: number;
  height: number;
  /** A tiny data: URL shown blurred in its place (costs no request). */
  placeholder?: string;
};

/**
 * A picture, or in lite mode (docs/decisions/0028) a box of the picture's size saying "Tap to
 * load photo": the server renders no <img>, so no picture byte is fetched until the tap. The box
 * sits above a card's whole-card link, so the tap loads the photo rather than opening the card.
 */
export function Photo({ placeholder, className = '', style, ...img }: Props) {
  const lite = useLite();
  const [tapped, setTapped] = useState(false);
  if (!lite || tapped)
    return (
      <img
        {...img}
        {...(tapped ? { loading: 'eager' as const } : {})}
        className={className}
        style={{
          ...(placeholder
            ? {
                backgroundImage: `url("${placeholder}")`,
                backgroundSize: 'cover',
                backgroundPosition: 'center',
              }
            : {}),
          ...style,
        }}
      />
    );
  return (
    <button
      type="button"
      data-lite-photo=""
      onClick={() => setTapped(true)}
      aria-label={img.alt ? `Tap to load photo: ${img.alt}` : 'Tap to load photo'}
      className={`relative z-10 grid w-full place-items-center overflow-hidden bg-gray-200 text-sm font-semibold text-gray-900 ${className}`}
      style={{
        aspectRatio: `${img.width} / ${img.height}`,
        maxWidth: style?.maxWidth,
        ...(placeholder
          ? { backgroundImage: `url("${placeholder}")`, backgroundSize: 'cover' }
          : {}),
      }}
    >
      <span className="rounded-full bg-white/90 px-3 py-1.5 shadow" aria-hidden>
        Tap to load photo
      </span>
    </button>
  );
}

/**
 * A small picture (a logo, a category icon, a cart thumbnail): in lite mode nothing is fetched
 * and a plain box of its size keeps the layout; the name beside it says what it is, so there is
 * nothing worth a tap.
 */
export function Thumb({ className = '', ...img }: Props) {
  const lite = useLite();
  if (!lite) return <img {...img} className={className} />;
  return <LiteBox className={className} width={img.width} height={img.height} />;
}

/**
 * A small drawing taken from a sheet of SVG symbols (`href` is the sheet's URL and the symbol's
 * id): every drawing of a grid comes from one request, and each paints only its own symbol. In
 * lite mode, a box as Thumb's.
 */
export function SheetIcon({
  href,
  size,
  className = '',
}: {
  href: string;
  size: number;
  className?: string;
}) {
  const lite = useLite();
  if (lite) return <LiteBox className={className} width={size} height={size} />;
  return (
    <svg aria-hidden width={size} height={size} className={className}>
      <use href={href} />
    </svg>
  );
}

function LiteBox({
  className,
  width,
  height,
}: {
  className: string;
  width: number;
  height: number;
}) {
  return (
    <span
      aria-hidden
      data-lite-thumb=""
      className={`inline-block bg-gray-200 ${className}`}
      style={{ width, height }}
    />
  );
}
