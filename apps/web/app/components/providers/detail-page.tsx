import { DAYS, normalisePhone } from '@sf/shared';
import { formatDays, KINDS, type ProviderDetail } from '../../lib/providers.ts';
import { CheckIcon, CloseIcon } from '../icons.tsx';
import { ContactButtons, contactNumber } from './contact-buttons.tsx';
import { VerifiedBadge, VerifiedNote } from '../verified-badge.tsx';
import { Stars } from '../reviews/stars.tsx';
import { ProviderReviewList } from '../reviews/provider-reviews.tsx';
import type { ProviderReviewList as Reviews } from '../../lib/reviews.ts';
import { Thumb } from '../photo.tsx';
import { Link } from '../link.tsx';

export function ProviderDetailPage({ p, reviews }: { p: ProviderDetail; reviews: Reviews | null }) {
  const k = KINDS[p.kind];
  const tags = (p.kind === 'mechanic' ? p.specialities : p.capacities) ?? [];
  const number = contactNumber(p.mobile_number, p.phone_number);
  const shown = normalisePhone(number);
  return (
    <main id="main" className="container-page max-w-3xl py-5">
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link
          to={k.list}
          className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline"
        >
          ← All {k.title.toLowerCase()}
        </Link>
      </nav>
      <article className="card mt-2 p-4">
        <header className="flex items-start gap-4">
          <Thumb
            src={p.company_logo}
            alt={`${p.company_name} logo`}
            width={88}
            height={88}
            className="size-22 shrink-0 rounded-full bg-gray-100"
          />
          <div className="min-w-0">
            <h1 className="text-2xl font-bold leading-tight">{p.company_name}</h1>
            <p className="mt-1 text-gray-700">
              {p.city}, {p.state} · <span className="capitalize">{k.singular}</span>
            </p>
            {reviews && reviews.rating.count > 0 && (
              <a href="#provider-reviews-heading" className="mt-1 block">
                <Stars
                  value={reviews.rating.average}
                  count={reviews.rating.count}
                  testId="provider-rating"
                />
              </a>
            )}
            {p.verified && (
              <>
                <VerifiedBadge className="mt-2" />
                <VerifiedNote className="mt-1" />
              </>
            )}
          </div>
        </header>

        <div className="mt-4">
          <ContactButtons
            name={p.company_name}
            mobile={p.mobile_number}
            phone={p.phone_number}
            size="lg"
          />
          {shown && (
            <p className="mt-2 text-center text-sm text-gray-700">
              Phone:{' '}
              <span className="font-semibold">
                {shown.replace(/^\+234(\d{3})(\d{3})(\d{4})$/, '+234 $1 $2 $3')}
              </span>
            </p>
          )}
        </div>

        <dl className="mt-5 grid gap-4 sm:grid-cols-2">
          <div>
            <dt className="font-semibold">Address</dt>
            <dd className="text-gray-800">{p.address || `${p.city}, ${p.state}`}</dd>
          </div>
          <div>
            <dt className="font-semibold">Open</dt>
            <dd className="text-gray-800">{formatDays(p.days)}</dd>
          </div>
        </dl>

        <section aria-labelledby="days" className="mt-5">
          <h2 id="days" className="text-lg font-bold">
            Available days
          </h2>
          <ul className="mt-2 grid grid-cols-2 gap-1 sm:grid-cols-4">
            {DAYS.map((d) => {
              const open = p.days.includes(d);
              return (
                <li
                  key={d}
                  className={`flex items-center gap-1.5 rounded-lg px-2 py-1 text-sm ${open ? 'bg-brand-50 text-brand-900' : 'bg-gray-100 text-gray-600'}`}
                >
                  {open ? (
                    <CheckIcon size={16} aria-hidden="true" />
                  ) : (
                    <CloseIcon size={16} aria-hidden="true" />
                  )}
                  {d}
                  <span className="sr-only">{open ? ': open' : ': closed'}</span>
                </li>
              );
            })}
          </ul>
        </section>

        {tags.length > 0 && (
          <section aria-labelledby="tags" className="mt-5">
            <h2 id="tags" className="text-lg font-bold">
              {k.tagsHeading}
            </h2>
            <ul className="mt-2 flex flex-wrap gap-2">
              {tags.map((t) => (
                <li key={t} className="rounded-full bg-gray-100 px-3 py-1 text-sm">
                  {t}
                </li>
              ))}
            </ul>
          </section>
        )}
        {(p.vehicle_types ?? []).length > 0 && (
          <section aria-labelledby="vehicles" className="mt-5">
            <h2 id="vehicles" className="text-lg font-bold">
              Vehicle types
            </h2>
            <ul className="mt-2 flex flex-wrap gap-2">
              {p.vehicle_types!.map((t) => (
                <li key={t} className="rounded-full bg-gray-100 px-3 py-1 text-sm">
                  {t}
                </li>
              ))}
            </ul>
          </section>
        )}
        {p.description && (
          <section aria-labelledby="about" className="mt-5">
            <h2 id="about" className="text-lg font-bold">
              About
            </h2>
            <p className="mt-1 whitespace-pre-line text-gray-800">{p.description}</p>
          </section>
        )}
      </article>
      <section aria-labelledby="provider-reviews-heading" className="card mt-4 p-4">
        <h2 id="provider-reviews-heading" className="text-lg font-bold">
          Reviews from customers
        </h2>
        {reviews && reviews.items.length > 0 ? (
          <ProviderReviewList items={reviews.items.slice(0, 20)} />
        ) : (
          <p className="mt-1 text-sm text-gray-700">
            No reviews yet. Customers review a {k.singular} after a job they booked through a
            request.
          </p>
        )}
      </section>
    </main>
  );
}
