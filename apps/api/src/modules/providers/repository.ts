import { nearRank, type Near } from '../lookups/neighbours.ts';
import { sql, type SQL } from 'drizzle-orm';
import { rows, type Db } from '@sf/db';

export type ProviderKind = 'mechanic' | 'towvan';

export interface ProviderFilter {
  kind: ProviderKind;
  stateId?: number;
  cityId?: number;
  specialityId?: number;
  capacityId?: number;
  vehicleTypeId?: number;
  /** 0 Sunday … 6 Saturday. */
  day?: number;
  /** The visitor's state: its providers first, then its neighbours', then the rest. */
  near?: Near;
  lastId?: number;
  limit: number;
}

export interface ProviderRow {
  sp_id: number;
  kind: ProviderKind;
  company_name: string;
  company_logo: string | null;
  mobile_number: string;
  phone_number: string | null;
  state_id: number;
  state: string;
  city_id: number;
  city: string;
  address: string;
  description: string;
  verified: boolean;
  rank_boost: number;
  available_days: number;
  specialities: string[];
  capacities: string[];
  vehicle_types: string[];
}

export interface ProviderDetailRow extends ProviderRow {
  speciality_ids: number[];
  capacity_ids: number[];
  vehicle_type_ids: number[];
  owner_user_id: string | null;
}

// A list knows its kind: it aggregates only that kind's tags (specialities or capacities).
const tags = (detail: boolean, kind?: ProviderKind) => sql`
  ${kind === 'towvan' ? sql`'{}'::text[]` : sql`array(select ms.name from provider_specialities x join mechanic_specialities ms on ms.id = x.speciality_id where x.sp_id = p.sp_id order by ms.name)`} as specialities,
  ${kind === 'mechanic' ? sql`'{}'::text[]` : sql`array(select tc.name from provider_tow_capacities x join tow_capacities tc on tc.id = x.capacity_id where x.sp_id = p.sp_id order by tc.id)`} as capacities,
  array(select vt.name from provider_vehicle_types x join vehicle_types vt on vt.id = x.vehicle_type_id where x.sp_id = p.sp_id order by vt.id) as vehicle_types
  ${
    detail
      ? sql`,
  array(select x.speciality_id from provider_specialities x where x.sp_id = p.sp_id order by 1) as speciality_ids,
  array(select x.capacity_id from provider_tow_capacities x where x.sp_id = p.sp_id order by 1) as capacity_ids,
  array(select x.vehicle_type_id from provider_vehicle_types x where x.sp_id = p.sp_id order by 1) as vehicle_type_ids`
      : sql``
  }`;

const columns = sql`p.sp_id, p.kind, p.company_name, p.company_logo, p.mobile_number, p.phone_number,
  p.state_id, st.name as state, p.city_id, c.name as city, p.address, p.description, p.verified, p.rank_boost, p.available_days`;

export const providersRepository = (db: Db) => ({
  /**
   * One page in listing order (rank_boost, verified, sp_id; all descending). The cursor is the
   * last item's sp_id: its own (rank_boost, verified) place the page boundary, so the
   * `lastId` contract holds while paying and verified providers come first.
   */
  async list(f: ProviderFilter): Promise<ProviderRow[]> {
    const where: SQL[] = [sql`p.kind = ${f.kind}`, sql`p.active`];
    if (f.stateId) where.push(sql`p.state_id = ${f.stateId}`);
    if (f.cityId) where.push(sql`p.city_id = ${f.cityId}`);
    if (f.specialityId)
      where.push(
        sql`exists (select 1 from provider_specialities x where x.sp_id = p.sp_id and x.speciality_id = ${f.specialityId})`,
      );
    if (f.capacityId)
      where.push(
        sql`exists (select 1 from provider_tow_capacities x where x.sp_id = p.sp_id and x.capacity_id = ${f.capacityId})`,
      );
    if (f.vehicleTypeId)
      where.push(
        sql`exists (select 1 from provider_vehicle_types x where x.sp_id = p.sp_id and x.vehicle_type_id = ${f.vehicleTypeId})`,
      );
    if (f.day !== undefined) where.push(sql`(p.available_days & ${1 << f.day}::smallint) <> 0`);
    // Nearness leads the order when asked for (then the rows are sorted; without it the index
    // gives the order).
    const near = f.near ? nearRank(sql`p.state_id`, f.near, sql`p.city_id`) : undefined;
    const nearFirst = near ? sql`${near} desc,` : sql``;
    if (f.lastId) {
      // A cursor row that has gone (deleted) falls back to the lowest rank: the tail after lastId.
      const cursorNear = f.near
        ? sql`coalesce((select ${nearRank(sql`c.state_id`, f.near, sql`c.city_id`)} from service_providers c where c.sp_id = ${f.lastId}), 0),`
        : sql``;
      where.push(sql`(${near ? sql`${near},` : sql``} p.rank_boost, p.verified, p.sp_id) < (${cursorNear}
        coalesce((select rank_boost from service_providers where sp_id = ${f.lastId}), 0),
        coalesce((select verified from service_providers where sp_id = ${f.lastId}), false),
        ${f.lastId}::int)`);
    }
    return rows<ProviderRow>(
      db,
      sql`
      with page as (
        select p.* from service_providers p
        where ${sql.join(where, sql` and `)}
        order by p.kind, ${nearFirst} p.rank_boost desc nulls last, p.verified desc nulls last, p.sp_id desc nulls last
        limit ${f.limit}
      )
      select ${columns}, ${tags(false, f.kind)}
      from page p join states st on st.id = p.state_id join cities c on c.id = p.city_id
      order by ${nearFirst} p.rank_boost desc, p.verified desc, p.sp_id desc`,
    );
  },

  /** One listing as its page shows it; `hidden` too for its owner's own view of a suspended one. */
  async one(spId: number, o: { hidden?: boolean } = {}): Promise<ProviderDetailRow | undefined> {
    const r = await rows<ProviderDetailRow>(
      db,
      sql`
      select ${columns}, p.owner_user_id, ${tags(true)}
      from service_providers p join states st on st.id = p.state_id join cities c on c.id = p.city_id
      where p.sp_id = ${spId}${o.hidden ? sql`` : sql` and p.active`}`,
    );
    return r[0];
  },

  async name(spId: number): Promise<string | undefined> {
    const r = await rows<{ company_name: string }>(
      db,
      sql`select company_name from service_providers where sp_id = ${spId}`,
    );
    return r[0]?.company_name;
  },
});
