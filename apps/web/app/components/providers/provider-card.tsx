import { formatDays, KINDS, type RatedProvider } from '../../lib/providers.ts';
import { Stars } from '../reviews/stars.tsx';
import { ContactButtons } from './contact-buttons.tsx';
import { VerifiedBadge } from '../verified-badge.tsx';
import { ProviderLogo } from './provider-logo.tsx';
import { Link } from '../link.tsx';

/** A mechanic or tow van in a list: logo, name, place, trust, days, what they do, and how to reach them. */
export function ProviderCard({
  p,
  eager = false,
  headingLevel = 3,
}: {
  p: RatedProvider;
  eager?: boolean;
  headingLevel?: 2 | 3;
}) {
  const href = `${KINDS[p.kind].detail}/${p.sp_id}`;
  const tags = (p.kind === 'mechanic' ? p.specialities : p.capacities) ?? [];
  const H = `h${headingLevel}` as 'h2' | 'h3';
  return (
    <article className="card flex h-full flex-col gap-3 p-3" aria-labelledby={`sp-${p.sp_id}`}>
      <div className="flex gap-3">
        <ProviderLogo p={p} eager={eager} />
        <div className="min-w-0 flex-1">
          <H id={`sp-${p.sp_id}`} className="text-base font-bold leading-snug">
            <Link to={href} className="hover:text-brand-700 hover:underline">
              {p.company_name}
            </Link>
          </H>
          <p className="text-sm text-gray-700">
            {p.city}, {p.state}
          </p>
          <p className="mt-0.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-gray-700">
            {p.promoted && (
              <span
                className="rounded-full bg-amber-50 px-2 py-0.5 text-xs font-semibold text-amber-900"
                title="Paid placement: shown before free listings in the same area"
                data-testid="promoted"
              >
                Promoted
              </span>
            )}
            {p.verified && <VerifiedBadge />}
            {p.rating && p.rating.count > 0 && (
              <Stars
                value={p.rating.average}
                count={p.rating.count}
                small
                testId="provider-card-rating"
              />
            )}
            <span>
              <span className="sr-only">Open: </span>
              {formatDays(p.days)}
            </span>
          </p>
        </div>
      </div>
      {tags.length > 0 && (
        <ul className="flex flex-wrap gap-1.5" aria-label={KINDS[p.kind].tagsHeading}>
          {tags.slice(0, 3).map((t) => (
            <li
              key={t}
              className="rounded-lg bg-gray-100 px-2 py-0.5 text-xs text-gray-800"
              title={t}
            >
              {t.replace(/ \(.*\)$/, '')}
            </li>
          ))}
          {tags.length > 3 && (
            <li className="px-1 text-xs text-gray-700">+{tags.length - 3} more</li>
          )}
        </ul>
      )}
      <div className="mt-auto">
        <ContactButtons name={p.company_name} mobile={p.mobile_number} phone={p.phone_number} />
      </div>
    </article>
  );
}
