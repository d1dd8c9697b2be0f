import { sql, type SQL } from 'drizzle-orm';
import { rows, type Db } from '@sf/db';
import { like } from './common.ts';

// Mechanics' and tow vans' SQL for staff (providers-service.ts holds the rules).

export interface ProviderRow {
  sp_id: number;
  kind: string;
  company_name: string;
  mobile_number: string;
  phone_number: string | null;
  address: string;
  description: string;
  verified: boolean;
  active: boolean;
  held_by: string | null;
  created_at: Date | string;
  owner_id: string | null;
  owner_name: string | null;
  owner_email: string | null;
  state: string;
  city: string;
}

/** What the staff list filters by; `q` is trimmed and not empty when given. */
export interface ProviderFilter {
  id?: number;
  q?: string;
  kind?: string;
  verified?: string;
  suspended?: string;
  lastId?: number;
}

export interface ProviderDetails {
  companyName: string;
  mobileNumber: string;
  phoneNumber: string | null;
  address: string;
  description: string;
}

export function adminProvidersRepository(db: Db) {
  return {
    /** Listings with their owner and place, newest first. */
    providers(f: ProviderFilter, limit: number) {
      const where: SQL[] = [];
      if (f.id !== undefined) where.push(sql`p.sp_id = ${f.id}`);
      if (f.q) {
        const l = like(f.q);
        where.push(
          sql`(p.company_name ilike ${l} or p.mobile_number ilike ${l} or u.email ilike ${l}${
            /^\d{1,9}$/.test(f.q) ? sql` or p.sp_id = ${Number(f.q)}` : sql``
          })`,
        );
      }
      if (f.kind) where.push(sql`p.kind = ${f.kind}`);
      if (f.verified === 'yes') where.push(sql`p.verified`);
      if (f.verified === 'no') where.push(sql`not p.verified`);
      if (f.suspended === 'yes') where.push(sql`not p.active and p.held_by is null`);
      if (f.suspended === 'no') where.push(sql`(p.active or p.held_by is not null)`);
      if (f.lastId) where.push(sql`p.sp_id < ${f.lastId}`);
      return rows<ProviderRow>(
        db,
        sql`select p.sp_id, p.kind, p.company_name, p.mobile_number, p.phone_number, p.address, p.description,
          p.verified, p.active, p.held_by, p.created_at, u.id as owner_id, u.name as owner_name, coalesce(u.email, u.phone) as owner_email,
          sa.name as state, ci.name as city
        from service_providers p left join users u on u.id = p.owner_user_id
          join states sa on sa.id = p.state_id join cities ci on ci.id = p.city_id
        ${where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``}
        order by p.sp_id desc limit ${limit}`,
      );
    },

    /** Locks the listing's row for the rest of the transaction. */
    lock: (id: number) =>
      db.execute(sql`select 1 from service_providers where sp_id = ${id} for update`),

    setVerified: (id: number, verified: boolean) =>
      db.execute(sql`update service_providers set verified = ${verified} where sp_id = ${id}`),

    /** A staff suspension: off every list and page, whatever held it before. */
    suspend: (id: number) =>
      db.execute(
        sql`update service_providers set active = false, held_by = null where sp_id = ${id}`,
      ),

    /** Lifts a suspension: shown again, or held by the lock while its owner is locked. */
    unsuspend: (id: number) =>
      db.execute(
        sql`update service_providers p set
                    active = u.locked_at is null,
                    held_by = case when u.locked_at is null then null else 'lock' end
                  from (select (select locked_at from users where id = p0.owner_user_id) as locked_at
                        from service_providers p0 where p0.sp_id = ${id}) u
                  where p.sp_id = ${id}`,
      ),

    setDetails: (id: number, d: ProviderDetails) =>
      db.execute(
        sql`update service_providers set
                company_name = ${d.companyName},
                mobile_number = ${d.mobileNumber},
                phone_number = ${d.phoneNumber},
                address = ${d.address},
                description = ${d.description}
              where sp_id = ${id}`,
      ),
  };
}
