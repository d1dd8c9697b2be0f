import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { rows } from '@sf/db';
import { formatKobo } from '@sf/shared';
import { like } from './common.ts';
import * as sc from './schemas.ts';
import type { AdminSearchHit } from './types.ts';
import { orderNumber } from '@sf/shared';

// The admin layout's one box: stores, products, users and orders (and mechanics and tow vans)
// by name, e-mail, phone or number; a few of each, each linking to its admin page.

const EACH = 5;

export function adminSearch(app: FastifyInstance) {
  const db = app.db;
  return async (q: string): Promise<AdminSearchHit[]> => {
    const text = q.trim();
    if (!text) return [];
    const l = like(text);
    const n = /^\d{1,9}$/.test(text) ? Number(text) : -1;
    const digits = text.replace(/\D/g, '');
    const phone = digits.length >= 7 ? `%${digits.slice(-10)}%` : null;
    const [stores, products, users, orders, providers] = await Promise.all([
      rows<{ id: number; name: string; url_name: string; verified: boolean; suspended: boolean }>(
        db,
        sql`select id, name, url_name, verified, suspended_at is not null as suspended from stores
            where name ilike ${l} or url_name ilike ${l} or id = ${n} order by id desc limit ${EACH}`,
      ),
      rows<{ prod_id: number; name: string; store: string; active: boolean }>(
        db,
        sql`select p.prod_id, p.name, st.name as store, p.active from products p join stores st on st.id = p.store_id
            where p.prod_id = ${n} or p.name ilike ${l} or p.part_number ilike ${l} order by p.prod_id desc limit ${EACH}`,
      ),
      rows<{ id: string; name: string; email: string; role: string }>(
        db,
        // An account made with a phone alone is named by its number (decision 0029).
        sql`select id, name, coalesce(email, phone) as email, role from users
            where name ilike ${l} or email ilike ${l} ${phone ? sql`or phone like ${phone}` : sql``}
            order by created_at desc limit ${EACH}`,
      ),
      rows<{ id: number; status: string; total_kobo: number | string; buyer: string }>(
        db,
        sql`select o.id, o.status, o.total_kobo, u.name as buyer from orders o join users u on u.id = o.buyer_user_id
            where o.id = ${n} or o.payment_reference = ${text} ${phone ? sql`or o.phone like ${phone}` : sql``}
            order by o.id desc limit ${EACH}`,
      ),
      rows<{ sp_id: number; kind: string; company_name: string; active: boolean }>(
        db,
        sql`select sp_id, kind, company_name, active from service_providers
            where company_name ilike ${l} or sp_id = ${n} ${phone ? sql`or mobile_number like ${phone}` : sql``}
            order by sp_id desc limit ${EACH}`,
      ),
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
  };
}

export default async function adminSearchRoutes(app: FastifyInstance) {
  const search = adminSearch(app);
  app.get<{ Querystring: { q: string } }>(
    '/api/admin/search',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Stores, products, users, orders, mechanics and tow vans by name, e-mail, phone or number',
        querystring: sc.searchQuery,
        response: { 200: sc.searchReply },
      },
    },
    async (req) => ({ status: true as const, items: await search(req.query.q) }),
  );
}
