import { sql } from 'drizzle-orm';
import { rows, type Db } from '@sf/db';
import { like } from './common.ts';

// The admin search box's SQL (search-service.ts turns the rows into hits).

/** What one search looks for: the words, an id (-1: none) and a phone's last digits (or null). */
export interface SearchTerms {
  text: string;
  id: number;
  phone: string | null;
}

export function adminSearchRepository(db: Db) {
  return {
    stores: (t: SearchTerms, limit: number) =>
      rows<{ id: number; name: string; url_name: string; verified: boolean; suspended: boolean }>(
        db,
        sql`select id, name, url_name, verified, suspended_at is not null as suspended from stores
            where name ilike ${like(t.text)} or url_name ilike ${like(t.text)} or id = ${t.id} order by id desc limit ${limit}`,
      ),

    products: (t: SearchTerms, limit: number) =>
      rows<{ prod_id: number; name: string; store: string; active: boolean }>(
        db,
        sql`select p.prod_id, p.name, st.name as store, p.active from products p join stores st on st.id = p.store_id
            where p.prod_id = ${t.id} or p.name ilike ${like(t.text)} or p.part_number ilike ${like(t.text)} order by p.prod_id desc limit ${limit}`,
      ),

    users: (t: SearchTerms, limit: number) =>
      rows<{ id: string; name: string; email: string; role: string }>(
        db,
        // An account made with a phone alone is named by its number (decision 0029).
        sql`select id, name, coalesce(email, phone) as email, role from users
            where name ilike ${like(t.text)} or email ilike ${like(t.text)} ${t.phone ? sql`or phone like ${`%${t.phone}%`}` : sql``}
            order by created_at desc limit ${limit}`,
      ),

    orders: (t: SearchTerms, limit: number) =>
      rows<{ id: number; status: string; total_kobo: number | string; buyer: string }>(
        db,
        sql`select o.id, o.status, o.total_kobo, u.name as buyer from orders o join users u on u.id = o.buyer_user_id
            where o.id = ${t.id} or o.payment_reference = ${t.text} ${t.phone ? sql`or o.phone like ${`%${t.phone}%`}` : sql``}
            order by o.id desc limit ${limit}`,
      ),

    providers: (t: SearchTerms, limit: number) =>
      rows<{ sp_id: number; kind: string; company_name: string; active: boolean }>(
        db,
        sql`select sp_id, kind, company_name, active from service_providers
            where company_name ilike ${like(t.text)} or sp_id = ${t.id} ${t.phone ? sql`or mobile_number like ${`%${t.phone}%`}` : sql``}
            order by sp_id desc limit ${limit}`,
      ),
  };
}
