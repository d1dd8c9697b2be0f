import type { ProductImage as Img } from '../../lib/catalog.ts';
import { Photo } from '../photo.tsx';

/**
 * A responsive product image (densities 1 and 2): width and height set, eager for the first
 * screen and lazy below it, the 10x10 placeholder as a blurred background while the image loads;
 * in lite mode a tap loads it (Photo).
 */
export function ProductImg({
  image,
  alt,
  eager = false,
  sizes,
  className = '',
}: {
  image?: Img | null;
  alt: string;
  eager?: boolean;
  sizes: string;
  className?: string;
}) {
  if (!image?.src) {
    return (
      <div
        className={`grid aspect-square place-items-center bg-gray-100 text-xs text-gray-600 ${className}`}
        role="img"
        aria-label={alt || 'No photo'}
      >
        No photo
      </div>
    );
  }
  return (
    <Photo
      src={image.src}
      srcSet={image.srcset || undefined}
      sizes={image.srcset ? sizes : undefined}
      width={image.width}
      height={image.height}
      alt={alt}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      {...(eager ? { fetchPriority: 'high' as const } : {})}
      placeholder={image.placeholder || undefined}
      className={`h-auto w-full bg-gray-100 object-cover ${className}`}
    />
  );
}
