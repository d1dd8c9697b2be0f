import type { MetaDescriptor } from 'react-router';
import { normalisePhone } from '@sf/shared';
import { formatDays, KINDS, type ProviderDetail } from './providers.ts';
import type { ProviderReviewList } from './reviews.ts';
import { absolute, breadcrumbLd, clip, jsonLd, shareMeta } from './seo.ts';
import { contactNumber } from '../components/providers/contact-buttons.tsx';

type Matches = Parameters<typeof absolute>[0];

/** '+234 803 123 4567', the way the page shows it. */
const spaced = (n: string) => n.replace(/^\+234(\d{3})(\d{3})(\d{4})$/, '+234 $1 $2 $3');

/**
 * Title, sharing tags and JSON-LD of a mechanic's or tow van's page: a LocalBusiness (a
 * mechanic is schema.org's AutoRepair, a tow van an AutomotiveBusiness) with its address,
 * phone and, when requesters reviewed it, their rating; and the breadcrumb from its list.
 */
export function providerMeta(
  matches: Matches,
  data: { provider: ProviderDetail; reviews: ProviderReviewList | null } | undefined,
): MetaDescriptor[] {
  if (!data) return [{ title: 'Not found | SpareFinder NG' }];
  const p = data.provider;
  const k = KINDS[p.kind];
  const noun = p.kind === 'mechanic' ? 'mechanic' : 'tow van';
  const path = `${k.detail}/${p.sp_id}`;
  const place = [p.city, p.state].filter(Boolean).join(', ');
  const phone = normalisePhone(contactNumber(p.mobile_number, p.phone_number));
  const rating = data.reviews?.rating;
  const rated = !!rating && rating.count > 0 && rating.average !== null;
  const tags = (p.kind === 'mechanic' ? p.specialities : p.capacities) ?? [];
  const facts = [
    rated ? `★ ${rating.average} (${rating.count} review${rating.count === 1 ? '' : 's'})` : '',
    tags.slice(0, 3).join(', '),
    p.days.length ? `Open ${formatDays(p.days)}` : '',
    phone ? `Call ${spaced(phone)}` : '',
    p.address || place,
  ].filter(Boolean);
  const description = `${p.verified ? 'Verified ' : ''}${noun} in ${place}. ${facts.join(' · ')}.${
    p.description ? ` ${p.description}` : ''
  }`;
  const url = absolute(matches, path);
  return [
    ...shareMeta(matches, {
      title: `${p.company_name}, ${noun} in ${place}`,
      description,
      path,
      type: 'business.business',
    }),
    jsonLd({
      '@type': p.kind === 'mechanic' ? 'AutoRepair' : 'AutomotiveBusiness',
      '@id': `${url}#business`,
      name: p.company_name,
      url,
      ...(p.description ? { description: clip(p.description, 5000) } : {}),
      image: new URL(p.company_logo, url).href,
      ...(phone ? { telephone: phone } : {}),
      address: {
        '@type': 'PostalAddress',
        ...(p.address ? { streetAddress: p.address } : {}),
        addressLocality: p.city,
        addressRegion: p.state,
        addressCountry: 'NG',
      },
      areaServed: { '@type': 'State', name: p.state },
      ...(tags.length ? { knowsAbout: tags } : {}),
      ...(rated
        ? {
            aggregateRating: {
              '@type': 'AggregateRating',
              ratingValue: rating.average,
              reviewCount: rating.count,
              bestRating: 5,
              worstRating: 1,
            },
          }
        : {}),
    }),
    breadcrumbLd(matches, [
      { name: k.title, path: k.list },
      { name: p.company_name, path },
    ]),
  ];
}
