import { memo } from 'react';
import { STATIC_PAGES, SUPPORT } from '../lib/menus.ts';
import {
  FacebookIcon,
  InstagramIcon,
  MailIcon,
  PhoneIcon,
  XLogoIcon,
  YoutubeIcon,
} from './icons.tsx';
import { NewsletterBox } from './newsletter-box.tsx';

const SOCIAL = [
  { label: 'Facebook', href: 'https://facebook.com/sparefinderng', Icon: FacebookIcon },
  { label: 'Instagram', href: 'https://instagram.com/sparefinderng', Icon: InstagramIcon },
  { label: 'X (Twitter)', href: 'https://x.com/sparefinderng', Icon: XLogoIcon },
  { label: 'YouTube', href: 'https://youtube.com/@sparefinderng', Icon: YoutubeIcon },
];

function StoreBadge({
  href,
  top,
  bottom,
  glyph,
}: {
  href: string;
  top: string;
  bottom: string;
  glyph: string;
}) {
  return (
    <a
      href={href}
      rel="noopener"
      className="flex min-h-11 items-center gap-2 rounded-lg border border-white/40 bg-black px-3 py-1.5 text-white hover:border-white"
    >
      <span aria-hidden="true" className="text-xl leading-none">
        {glyph}
      </span>
      <span className="leading-tight">
        <span className="block text-[10px] uppercase">{top}</span>
        <span className="block text-sm font-semibold">{bottom}</span>
      </span>
    </a>
  );
}

const half = Math.ceil(STATIC_PAGES.length / 2);

/**
 * The same for every visitor, so the server renders it once per process (lib/server-html.tsx):
 * plain links (lib/use-client-nav.ts makes them navigate in the page) and no router hooks.
 */
// On a phone each link is a 48 px tap target, two to a row, so a thumb does not hit its
// neighbour; from the small breakpoint up, a plain list.
const LIST = 'grid grid-cols-2 gap-x-4 text-sm sm:block sm:space-y-2';
const LINK = 'flex min-h-12 items-center hover:underline sm:inline sm:min-h-0';

/** Memoised: the router renders a page again once it learns its links' routes (decision 0039). */
export const Footer = memo(function Footer({ newsletter = '' }: { newsletter?: string }) {
  return (
    <footer className="late-drawn mt-12 bg-brand-900 pb-24 text-brand-50 [contain-intrinsic-size:auto_78rem] md:pb-8 lg:[contain-intrinsic-size:auto_28rem] print:hidden">
      <div className="container-page grid gap-8 py-10 sm:grid-cols-2 lg:grid-cols-4">
        <section aria-labelledby="footer-help">
          <h2 id="footer-help" className="mb-3 font-bold text-white">
            Help and information
          </h2>
          <ul className={LIST}>
            {STATIC_PAGES.slice(0, half).map((p) => (
              <li key={p.to}>
                <a data-nav className={LINK} href={p.to}>
                  {p.label}
                </a>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="footer-company">
          <h2 id="footer-company" className="mb-3 font-bold text-white">
            SpareFinder NG
          </h2>
          <ul className={LIST}>
            {STATIC_PAGES.slice(half).map((p) => (
              <li key={p.to}>
                <a data-nav className={LINK} href={p.to}>
                  {p.label}
                </a>
              </li>
            ))}
            <li>
              <a data-nav className={LINK} href="/blogs">
                Blogs
              </a>
            </li>
            <li>
              <a data-nav className={LINK} href="/contact-us">
                Contact us
              </a>
            </li>
            <li>
              <a data-nav className={LINK} href="/vindecoder">
                VIN decoder
              </a>
            </li>
            <li>
              <a data-nav className={LINK} href="/data-saver">
                Data saver
              </a>
            </li>
          </ul>
        </section>
        <section aria-labelledby="footer-support">
          <h2 id="footer-support" className="mb-3 font-bold text-white">
            Customer support
          </h2>
          <ul className="space-y-2 text-sm">
            {SUPPORT.phones.map((p) => (
              <li key={p}>
                <a
                  className="inline-flex min-h-12 items-center gap-2 hover:underline sm:min-h-8"
                  href={`tel:${p.replace(/\s/g, '')}`}
                >
                  <PhoneIcon size={16} />
                  {p}
                </a>
              </li>
            ))}
            <li>
              <a
                className="inline-flex min-h-12 items-center gap-2 hover:underline sm:min-h-8"
                href={`mailto:${SUPPORT.email}`}
              >
                <MailIcon size={16} />
                {SUPPORT.email}
              </a>
            </li>
            <li className="text-brand-100">{SUPPORT.hours}</li>
          </ul>
          <ul className="mt-4 flex gap-2" aria-label="Social media">
            {SOCIAL.map(({ label, href, Icon }) => (
              <li key={label}>
                <a
                  href={href}
                  rel="noopener"
                  aria-label={label}
                  className="grid size-11 place-items-center rounded-full bg-white/10 hover:bg-white/20"
                >
                  <Icon size={20} />
                </a>
              </li>
            ))}
          </ul>
        </section>
        <section id="newsletter" aria-labelledby="footer-news" className="scroll-mt-36">
          <h2 id="footer-news" className="mb-3 font-bold text-white">
            Newsletter
          </h2>
          <p className="mb-3 text-sm text-brand-100">
            Car-care tips and deals on parts, once a month. No spam.
          </p>
          <NewsletterBox noJsResult={newsletter} />
          <div className="mt-5 flex flex-wrap gap-2">
            <StoreBadge
              href="https://play.google.com/store/apps/details?id=ng.sparefinder.app"
              top="Get it on"
              bottom="Google Play"
              glyph="▶"
            />
            <StoreBadge
              href="https://apps.apple.com/ng/app/sparefinder-ng/id6450000000"
              top="Download on the"
              bottom="App Store"
              glyph=""
            />
          </div>
        </section>
      </div>
      <p className="container-page border-t border-white/10 pt-4 text-xs text-brand-100">{`© ${new Date().getFullYear()} SpareFinder NG. Prices in naira (₦).`}</p>
    </footer>
  );
});
