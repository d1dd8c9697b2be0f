import { BadgeCheckIcon } from '../icons.tsx';

export function VerifiedBadge({ className = '' }: { className?: string }) {
  return (
    <span
      className={`inline-flex items-center gap-1 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800 ${className}`}
      title="Checked by SpareFinder NG"
    >
      <BadgeCheckIcon size={14} aria-hidden="true" /> Verified
    </span>
  );
}
