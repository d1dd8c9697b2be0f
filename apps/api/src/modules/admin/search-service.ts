import type { Db } from '@sf/db';
import { formatKobo, orderNumber } from '@sf/shared';
import { adminSearchRepository, type SearchTerms } from './search-repository.ts';
import type { AdminSearchHit } from './types.ts';

// The admin layout's one box: stores, products, users and orders (and mechanics and tow vans)
// by name, e-mail, phone or number; a few of each, each linking to its admin page.

const EACH = 5;

export function adminSearchService(db: Db) {
  const repo = adminSearchRepository(db);
  return {
    async search(q: string): Promise<AdminSearchHit[]> {
      const text = q.trim();
      if (!text) return [];
      const digits = text.replace(/\D/g, '');
      const terms: SearchTerms = {
        text,
        id: /^\d{1,9}$/.test(text) ? Number(text) : -1,
        phone: digits.length >= 7 ? digits.slice(-10) : null,
      };
      const [stores, products, users, orders, providers] = await Promise.all([
        repo.stores(terms, EACH),
        repo.products(terms, EACH),
        repo.users(terms, EACH),
        repo.orders(terms, EACH),
        repo.providers(terms, EACH),
      ]);
      return [
        ...stores.map((s) => ({
          kind: 'store',
          id: String(s.id),
          label: s.name,
          detail: s.suspended ? 'Store · suspended' : s.verified ? 'Store · verified' : 'Store',
          href: `/admin/cedstore/${s.id}`,
        })),
        ...products.map((p) => ({
          kind: 'product',
          id: String(p.prod_id),
          label: p.name,
          detail: `Product #${p.prod_id} · ${p.store}${p.active ? '' : ' · hidden'}`,
          href: `/admin/products/${p.prod_id}`,
        })),
        ...users.map((u) => ({
          kind: 'user',
          id: u.id,
          label: u.name,
          detail: `${u.role} · ${u.email}`,
          href: `/admin/users/${u.id}`,
        })),
        ...orders.map((o) => ({
          kind: 'order',
          id: String(o.id),
          label: `Order ${orderNumber(o.id)}`,
          detail: `${o.buyer} · ${formatKobo(Number(o.total_kobo))} · ${o.status}`,
          href: `/admin/orders/${o.id}`,
        })),
        ...providers.map((p) => ({
          kind: p.kind,
          id: String(p.sp_id),
          label: p.company_name,
          detail: `${p.kind === 'towvan' ? 'Tow van' : 'Mechanic'}${p.active ? '' : ' · suspended'}`,
          href: `/admin/mechanics/${p.sp_id}`,
        })),
      ];
    },
  };
}
