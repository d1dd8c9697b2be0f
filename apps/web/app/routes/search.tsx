import { MESSAGES, SEARCH_MIN_CHARS } from '@sf/shared';
import type { SearchGroup } from '@sf/api/types';
import { serverApi, throwUnlessOk } from '../lib/api.server.ts';
import { toQuery } from '../lib/api.ts';
import { BUILT_PAGES } from '../lib/menus.ts';
import { requestHref } from '../lib/requests.ts';
import { HomeTabs } from '../components/home-tabs.tsx';
import { FindAnything } from '../components/catalog/find-anything.tsx';
import { ProductGrid } from '../components/catalog/product-list.tsx';
import { ProviderCard } from '../components/providers/provider-card.tsx';
import { AlertButton } from '../components/alerts/alert-button.tsx';
import { readFilters } from '../lib/catalog.ts';
import { searchToSave } from '../lib/alerts.ts';
import type { Route } from './+types/search';
import { Link } from '../components/link.tsx';

export const meta: Route.MetaFunction = ({ data: d }) => [
  {
    title: d?.q
      ? `${d.q}: parts, mechanics and tow vans | SpareFinder NG`
      : 'Search parts, mechanics and tow vans | SpareFinder NG',
  },
  { name: 'robots', content: 'noindex' },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const q = (new URL(request.url).searchParams.get('q') ?? '').trim().slice(0, 120);
  if (q.length <= SEARCH_MIN_CHARS) return { q, answer: null };
  const ans = await serverApi(context).get(`/api/search${toQuery({ q })}`);
  throwUnlessOk(ans, { what: 'Search' });
  return { q, answer: ans };
}

const NOUN: Record<SearchGroup['kind'], [string, string]> = {
  part: ['part', 'parts'],
  mechanic: ['mechanic', 'mechanics'],
  towvan: ['tow van', 'tow vans'],
};

/** The broadcast link shows once its page exists. */
const BROADCAST = BUILT_PAGES.has('/broadcast');
const BroadcastLink = ({ kind }: { kind?: SearchGroup['kind'] }) => (
  <Link
    to={requestHref(kind === 'towvan' ? 'tow' : kind)}
    className="font-semibold text-brand-700 underline"
  >
    broadcast a request
  </Link>
);

/** Where a group looks, said plainly, including when it had to look wider. */
function scope(g: SearchGroup, asked: string): string {
  if (!g.widened) return g.where ? `in ${g.where}` : 'across Nigeria';
  const none = `None listed in ${asked} yet`;
  return g.where ? `${none}: showing ${g.where}` : `${none}: showing all Nigeria`;
}

function Group({ g, asked }: { g: SearchGroup; asked: string }) {
  const [one, many] = NOUN[g.kind];
  const n = g.kind === 'part' ? g.parts.length : g.providers.length;
  return (
    <section aria-labelledby={`group-${g.kind}`} className="mt-6" data-testid={`group-${g.kind}`}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={`group-${g.kind}`} className="text-lg font-bold">
          {g.title} <span className="text-sm font-normal text-gray-700">{scope(g, asked)}</span>
        </h2>
        {n > 0 && (
          <Link to={g.href} className="text-sm font-semibold text-brand-700 underline">
            {g.more ? `See all ${many}` : `Open the ${many} list`}
          </Link>
        )}
      </div>
      {n === 0 ? (
        <p className="mt-2 text-gray-700">
          No {many} match yet.{' '}
          <Link to={g.href} className="font-semibold text-brand-700 underline">
            Browse {many}
          </Link>
          {BROADCAST && (
            <>
              {' '}
              or <BroadcastLink kind={g.kind} /> so {one === 'part' ? 'sellers' : many} can answer
              you
            </>
          )}
          .
        </p>
      ) : g.kind === 'part' ? (
        <div className="mt-3">
          <ProductGrid items={g.parts} />
        </div>
      ) : (
        <ul className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {g.providers.map((p, i) => (
            <li key={p.sp_id}>
              <ProviderCard p={p} eager={i < 2} />
            </li>
          ))}
        </ul>
      )}
      {g.kind === 'part' && <SavePartSearch href={g.href} />}
    </section>
  );
}

/** The part group's search (its words and place, as its list link carries them), saved. */
function SavePartSearch({ href }: { href: string }) {
  const save = searchToSave(readFilters(new URLSearchParams(href.split('?')[1] ?? '')), 0);
  if (Object.keys(save).length === 0) return null;
  return (
    <div className="mt-3">
      <AlertButton
        intent="search"
        fields={save}
        label="Tell me when new parts match"
        testId="save-search"
      />
    </div>
  );
}

/**
 * The home SEARCH box's results: what the text asked for, grouped by kind (the kind named
 * first), each group linking to its full list with the same filters.
 */
export default function Search({ loaderData }: Route.ComponentProps) {
  const { q, answer } = loaderData;
  const asked = answer?.understood.place || q;
  return (
    <>
      <HomeTabs />
      <div className="bg-gradient-to-b from-brand-700 to-brand-800 text-white">
        <div className="container-page max-w-xl py-4">
          <FindAnything defaultValue={q} />
        </div>
      </div>
      <main id="main" className="container-page pb-10">
        <h1 className="mt-4 text-xl font-extrabold">
          {q ? <>Results for “{q}”</> : 'Search parts, mechanics and tow vans'}
        </h1>
        {!answer ? (
          <p className="mt-2 text-gray-700">
            {q
              ? MESSAGES.searchTooShort
              : 'Type a part, a mechanic or a tow van and a place, like “tow van Lekki” or “mechanic Wuse AC”.'}
          </p>
        ) : answer.groups.length === 0 ? (
          <p className="mt-2 text-gray-700">
            Nothing found for “{q}”. Try the name of a part (“brake pads”) or a place
            {BROADCAST && (
              <>
                , or <BroadcastLink />
              </>
            )}
            .
          </p>
        ) : (
          answer.groups.map((g) => <Group key={g.kind} g={g} asked={asked} />)
        )}
      </main>
    </>
  );
}
