import { shareMeta } from '../lib/seo.ts';
import type { Category } from '@sf/api/types';
import { serverApi } from '../lib/api.server.ts';
import { HomeTabs } from '../components/home-tabs.tsx';
import { CategoryGrid } from '../components/category-grid.tsx';
import { TopProviders } from '../components/providers/top-providers.tsx';
import { loadTopProviders } from '../lib/providers.server.ts';
import { FindAnything } from '../components/catalog/find-anything.tsx';
import { JoinUs, RecentParts } from '../components/home-sections.tsx';
import { toProductPage } from '../lib/catalog.ts';
import { RequestChoices } from '../components/requests/request-prompt.tsx';
import { requestHref } from '../lib/requests.ts';
import type { Route } from './+types/home';
import { Link } from '../components/link.tsx';

export const links: Route.LinksFunction = () => [
  { rel: 'expect', href: '#hero', blocking: 'render' },
];

export const meta: Route.MetaFunction = ({ matches }) =>
  shareMeta(matches, {
    title: 'Car spare parts, mechanics and tow vans in Nigeria',
    shareTitle: 'SpareFinder NG: car spare parts, mechanics and tow vans in Nigeria',
    description:
      'Find the spare part that fits your car, a trusted mechanic or a tow van near you. Prices in naira, sellers across Nigeria.',
    path: '/',
  });

export async function loader({ context }: Route.LoaderArgs) {
  const api = serverApi(context);
  const [categories, topProviders, recent] = await Promise.all([
    api.lookup<Category>('/api/categories/getByParentId/0'),
    loadTopProviders(api),
    api.get('/api/products/categories/0/?active=true&pagesize=8'),
  ]);
  // A failed list only leaves the section out: the home page still answers.
  return { categories, topProviders, recent: toProductPage(recent).items.slice(0, 8) };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { categories, topProviders, recent } = loaderData;
  return (
    <>
      <HomeTabs />
      <main id="main">
        <section id="hero" className="bg-gradient-to-b from-brand-700 to-brand-800 text-white">
          <div className="container-page py-8">
            <h1 className="text-2xl font-extrabold leading-tight sm:text-3xl">
              Find the part that fits your car.
            </h1>
            <p className="mt-2 max-w-xl text-brand-100">
              Genuine and Tokunbo spare parts from sellers across Nigeria, plus trusted mechanics
              and tow vans near you.
            </p>
            <div className="mt-4 max-w-xl">
              <FindAnything />
            </div>
            <p className="mt-3 text-sm text-brand-100">
              Cannot find it?{' '}
              <Link
                to={requestHref()}
                className="inline-flex min-h-11 items-center font-semibold text-white underline"
              >
                Broadcast a request
              </Link>{' '}
              and let stores, mechanics or tow vans near you answer.
            </p>
          </div>
        </section>
        <CategoryGrid categories={categories} />
        <RequestChoices />
        <RecentParts items={recent} />
        <TopProviders data={topProviders} />
        <JoinUs />
      </main>
    </>
  );
}
