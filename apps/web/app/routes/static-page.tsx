import { shareMeta } from '../lib/seo.ts';
import { MESSAGES } from '@sf/shared';
import { notFound, serverApi, throwUnlessOk } from '../lib/api.server.ts';
import { STATIC_PAGES, SUPPORT } from '../lib/menus.ts';
import type { StaticPage, StaticSection } from '../lib/content.ts';
import { RichText } from '../components/rich-text.tsx';
import { ChevronDown } from '../components/icons.tsx';
import { mentionsBroadcast, RequestLinks } from '../components/requests/request-prompt.tsx';
import type { Route } from './+types/static-page';
import { Link } from '../components/link.tsx';

export const meta: Route.MetaFunction = ({ data: d, matches }) =>
  d
    ? shareMeta(matches, {
        title: d.page.title,
        description: d.page.summary,
        path: `/static/${encodeURIComponent(d.page.slug)}`,
      })
    : [{ title: 'Page not found | SpareFinder NG' }];

export async function loader({ params, context }: Route.LoaderArgs) {
  const slug = params.slug ?? '';
  const api = serverApi(context);
  const [page, sections] = await Promise.all([
    api.get<StaticPage>(`/api/static/contents/${encodeURIComponent(slug)}`),
    api.get<StaticSection>(`/api/static/sections/${encodeURIComponent(slug)}`),
  ]);
  const missing = MESSAGES.pageNotFound(`/static/${slug}`);
  throwUnlessOk(page, { what: 'Page', missing, invalidIsMissing: true });
  if (!page.items?.[0]) throw notFound(missing);
  return { page: page.items[0], sections: sections.items ?? [] };
}

/** The FAQ: each question opens its answer; native <details>, so it works without JavaScript. */
function Faq({ sections }: { sections: StaticSection[] }) {
  return (
    <div className="mt-6 space-y-3">
      {sections.map((s) => (
        <details key={s.position} id={`q${s.position}`} className="card group">
          <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-3 p-4 [&::-webkit-details-marker]:hidden">
            <h2 className="text-base font-bold leading-snug sm:text-lg">{s.heading}</h2>
            <ChevronDown
              size={20}
              className="shrink-0 transition-transform group-open:rotate-180"
            />
          </summary>
          <RichText source={s.body} headingLevel={3} className="px-4 pb-4" />
          {mentionsBroadcast(s.body) && <RequestLinks text={s.body} className="px-4 pb-4" />}
        </details>
      ))}
    </div>
  );
}

function Sections({ sections }: { sections: StaticSection[] }) {
  return (
    <div className="mt-6 space-y-8">
      {sections.map((s) => (
        <section key={s.position} aria-labelledby={`s${s.position}`}>
          <h2 id={`s${s.position}`} className="text-xl font-bold leading-snug">
            {s.heading}
          </h2>
          <RichText source={s.body} headingLevel={3} className="mt-2" />
          {mentionsBroadcast(s.heading + s.body) && <RequestLinks text={s.body} className="mt-3" />}
        </section>
      ))}
    </div>
  );
}

export default function StaticPageView({ loaderData }: Route.ComponentProps) {
  const { page, sections } = loaderData;
  const others = STATIC_PAGES.filter((p) => p.to !== `/static/${page.slug}`);
  return (
    <main id="main" className="container-page py-6">
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <article className="max-w-3xl">
          <h1 className="text-2xl font-extrabold leading-tight sm:text-3xl">{page.title}</h1>
          <p className="mt-2 text-lg text-gray-700">{page.summary}</p>
          <RichText source={page.body} className="mt-4" />
          {page.slug === 'faq' ? <Faq sections={sections} /> : <Sections sections={sections} />}
          <aside aria-labelledby="help-more" className="card mt-10 bg-brand-50 p-4">
            <h2 id="help-more" className="font-bold">
              Still need help?
            </h2>
            <p className="mt-1 text-sm text-gray-800">
              Call{' '}
              <a
                className="font-semibold underline"
                href={`tel:${SUPPORT.phones[0].replace(/\s/g, '')}`}
              >
                {SUPPORT.phones[0]}
              </a>{' '}
              ({SUPPORT.hours}) or send us a message.
            </p>
            <Link to="/contact-us" className="btn-primary mt-3">
              Contact us
            </Link>
          </aside>
        </article>
        <nav aria-label="Help pages" className="lg:sticky lg:top-4 lg:self-start">
          <h2 className="mb-2 text-sm font-bold uppercase tracking-wide text-gray-700">
            More help
          </h2>
          <ul className="grid grid-cols-2 gap-x-3 text-sm lg:grid-cols-1">
            {others.map((p) => (
              <li key={p.to}>
                <Link
                  to={p.to}
                  className="flex min-h-11 items-center text-brand-800 underline-offset-2 hover:underline"
                >
                  {p.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </main>
  );
}
