import { VERIFIED_MEANS } from '@sf/shared';
import { BadgeCheckIcon } from './icons.tsx';

/**
 * The badge staff set on a store, mechanic or tow van (the admin area). One look everywhere; its
 * meaning is in its title and, on a business's own page, spelt out by VerifiedNote.
 */
export function VerifiedBadge({ className = '' }: { className?: string }) {
  return (
    <span
      className={`inline-flex items-center gap-1 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800 ${className}`}
      title={VERIFIED_MEANS}
    >
      <BadgeCheckIcon size={14} aria-hidden="true" /> Verified
    </span>
  );
}

/** The one line that says what verified means, under the badge on a business's page. */
export function VerifiedNote({ className = '' }: { className?: string }) {
  return <p className={`text-sm text-gray-700 ${className}`}>{VERIFIED_MEANS}</p>;
}

/** The small check of a list item (a product card's store), with its meaning for screen readers. */
export function VerifiedMark() {
  return (
    <span className="inline-flex items-center gap-0.5 text-brand-700" title={VERIFIED_MEANS}>
      <BadgeCheckIcon size={14} aria-hidden="true" />
      <span className="sr-only">Verified store</span>
    </span>
  );
}
