import { Form, NavLink, Outlet, useSearchParams } from 'react-router';
import { requireUser } from '../../lib/auth.server.ts';
import { loadAttention } from '../../lib/audit.server.ts';
import type { Route } from './+types/layout';
import { Link } from '../../components/link.tsx';

/** Admin layout: every /admin page is for the Admin role only, checked on the server. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context, ['Admin']);
  return { attention: (await loadAttention(context)).filter((a) => a.count > 0) };
}

const NAV = [
  { to: '/admin/products', label: 'Products' },
  { to: '/admin/products/viewprods', label: 'View products' },
  { to: '/admin/cedstore', label: 'Stores' },
  { to: '/admin/mechanics', label: 'Mechanics and tow vans' },
  { to: '/admin/categories', label: 'Categories' },
  { to: '/admin/categories/parentcategories', label: 'Parent categories' },
  { to: '/admin/audit', label: 'Audit log' },
  { to: '/admin/disputes', label: 'Disputes' },
  { to: '/admin/reviews', label: 'Reviews' },
  { to: '/admin/signals', label: 'Listings to check' },
  { to: '/admin/jobs', label: 'Failed jobs' },
  { to: '/admin/users', label: 'Users' },
  { to: '/admin/orders', label: 'Orders and refunds' },
  { to: '/admin/support', label: 'Support inbox' },
  { to: '/admin/coupons', label: 'Coupons' },
  { to: '/admin/plans', label: 'Subscription plans' },
  { to: '/admin/pages', label: 'Help pages' },
  { to: '/admin/blog', label: 'Blog posts' },
  { to: '/admin/blog/comments', label: 'Blog comments' },
  { to: '/admin/newsletter', label: 'Newsletter' },
  { to: '/admin/contact', label: 'Contact messages' },
];

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const { attention } = loaderData;
  const [params] = useSearchParams();
  return (
    <div className="container-page py-4 md:flex md:gap-6">
      <nav aria-label="Admin" className="mb-4 md:mb-0 md:w-56 md:shrink-0">
        <p className="mb-2 text-xs font-bold uppercase tracking-wide text-gray-600">Admin</p>
        <ul className="flex gap-1 overflow-x-auto md:flex-col">
          {NAV.map((i) => (
            <li key={i.to} className="shrink-0">
              <NavLink
                to={i.to}
                end
                className={({ isActive }) =>
                  `block rounded-lg px-3 py-2.5 text-sm font-medium ${isActive ? 'bg-brand-700 text-white' : 'bg-white text-gray-800 hover:bg-gray-100'}`
                }
              >
                {i.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="min-w-0 flex-1">
        <Form method="get" action="/admin/search" role="search" className="mb-4 flex gap-2">
          <label htmlFor="admin-q" className="sr-only">
            Search stores, products, users and orders
          </label>
          <input
            id="admin-q"
            name="q"
            type="search"
            required
            defaultValue={params.get('q') ?? ''}
            placeholder="Store, product, user, order number, phone…"
            className="input"
          />
          <button type="submit" className="btn-primary shrink-0">
            Search
          </button>
        </Form>
        {attention.length > 0 && (
          <section aria-label="Needs attention" className="mb-4 flex flex-wrap gap-2">
            {attention.map((a) => (
              <Link
                key={a.key}
                to={a.href}
                className="rounded-full bg-amber-100 px-3 py-1.5 text-sm font-medium text-amber-900 hover:bg-amber-200"
              >
                {a.label}: <strong>{a.count}</strong>
              </Link>
            ))}
          </section>
        )}
        <Outlet />
      </div>
    </div>
  );
}
