import type { MetaDescriptor } from 'react-router';
import { groupDigits } from '@sf/shared/money';

export const SITE_NAME = 'SpareFinder NG';
/** The sharing card of pages without a picture of their own (apps/api/src/modules/images/og.ts). */
export const DEFAULT_OG_IMAGE = '/og/default.jpg';

/** What a meta function receives as `matches`: the root route's data carries the origin. */
type Matches = readonly ({ id: string; data?: unknown } | undefined)[];

/**
 * The public origin (PUBLIC_URL, else the configured listen address), as the root loader
 * read it from the server's context. Never the request's Host: a forged Host must not become
 * the canonical address a search engine keeps or the link a WhatsApp preview shows.
 */
export function siteOrigin(matches: Matches): string {
  const root = matches.find((m) => m?.id === 'root')?.data as { origin?: unknown } | undefined;
  return typeof root?.origin === 'string' ? root.origin : '';
}

/** `path` (starting with /) on the public origin. */
export const absolute = (matches: Matches, path: string) => `${siteOrigin(matches)}${path}`;

/** Shortens text to `max` characters at a word, with an ellipsis when cut. */
export function clip(text: string, max: number): string {
  const t = text.replace(/\s+/g, ' ').trim();
  if (t.length <= max) return t;
  const cut = t.slice(0, max - 1);
  const at = cut.lastIndexOf(' ');
  return `${(at > max * 0.6 ? cut.slice(0, at) : cut).replace(/[\s,.:;·-]+$/, '')}…`;
}

export interface ShareMeta {
  /** The page's own title, without the site name (added to <title> only). */
  title: string;
  description: string;
  /** The page's canonical path, without query (null: no canonical, e.g. a noindex page). */
  path: string | null;
  /** A 1200x630 JPEG or PNG path on this site; the default card when absent. */
  image?: { path: string; alt: string; width?: number; height?: number; type?: string };
  /** og:type: 'website' unless given. */
  type?: string;
  /** The title WhatsApp and Facebook show in bold (defaults to `title`). */
  shareTitle?: string;
  noindex?: boolean;
}

/**
 * <title>, description, canonical and the Open Graph and Twitter card tags of a public page,
 * every link built on the public origin. WhatsApp reads og:title, og:description and og:image
 * (a JPEG or PNG; it shows no WebP), so each page says its price, fit and place there.
 */
export function shareMeta(matches: Matches, m: ShareMeta): MetaDescriptor[] {
  const origin = siteOrigin(matches);
  const url = m.path === null ? null : `${origin}${m.path}`;
  const image = m.image ?? {
    path: DEFAULT_OG_IMAGE,
    alt: `${SITE_NAME}: car spare parts, mechanics and tow vans in Nigeria`,
  };
  const imageUrl = `${origin}${image.path}`;
  const shareTitle = m.shareTitle ?? m.title;
  const description = clip(m.description, 200);
  return [
    { title: `${m.title} | ${SITE_NAME}` },
    { name: 'description', content: description },
    ...(m.noindex ? [{ name: 'robots', content: 'noindex' }] : []),
    ...(url ? [{ tagName: 'link', rel: 'canonical', href: url }] : []),
    { property: 'og:site_name', content: SITE_NAME },
    { property: 'og:locale', content: 'en_NG' },
    { property: 'og:type', content: m.type ?? 'website' },
    { property: 'og:title', content: shareTitle },
    { property: 'og:description', content: description },
    ...(url ? [{ property: 'og:url', content: url }] : []),
    { property: 'og:image', content: imageUrl },
    { property: 'og:image:type', content: image.type ?? 'image/jpeg' },
    { property: 'og:image:width', content: String(image.width ?? 1200) },
    { property: 'og:image:height', content: String(image.height ?? 630) },
    { property: 'og:image:alt', content: image.alt },
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: shareTitle },
    { name: 'twitter:description', content: description },
    { name: 'twitter:image', content: imageUrl },
  ];
}

/** A JSON-LD block for the page's <head> (React Router escapes it). */
export const jsonLd = (data: Record<string, unknown>): MetaDescriptor => ({
  'script:ld+json': { '@context': 'https://schema.org', ...data },
});

/** A BreadcrumbList of (name, path) steps, the last one the page itself. */
export function breadcrumbLd(matches: Matches, steps: { name: string; path: string }[]) {
  return jsonLd({
    '@type': 'BreadcrumbList',
    itemListElement: steps.map((s, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: s.name,
      item: absolute(matches, s.path),
    })),
  });
}

/** ₦45,000 (kobo shown only when there are some): prices as people write them in a message. */
export const nairaText = (naira: number) => `\u20A6${groupDigits(naira, 'upToKobo')}`;
