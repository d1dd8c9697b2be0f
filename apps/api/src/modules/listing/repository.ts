import { sql } from 'drizzle-orm';
import { rows, type Db } from '@sf/db';
import type { ProviderKind } from '../providers/repository.ts';

/** The listing's own columns; tags are replaced separately. */
export interface ListingSet {
  companyName?: string;
  mobileNumber?: string;
  phoneNumber?: string | null;
  stateId?: number;
  cityId?: number;
  address?: string;
  description?: string;
  availableDays?: number;
}

const COLUMNS: Record<keyof ListingSet, string> = {
  companyName: 'company_name',
  mobileNumber: 'mobile_number',
  phoneNumber: 'phone_number',
  stateId: 'state_id',
  cityId: 'city_id',
  address: 'address',
  description: 'description',
  availableDays: 'available_days',
};

const TAG_TABLES = {
  specialities: { table: 'provider_specialities', column: 'speciality_id' },
  capacities: { table: 'provider_tow_capacities', column: 'capacity_id' },
  vehicleTypes: { table: 'provider_vehicle_types', column: 'vehicle_type_id' },
} as const;
export type TagKind = keyof typeof TAG_TABLES;

const REFERENCE = {
  specialities: 'mechanic_specialities',
  capacities: 'tow_capacities',
  vehicleTypes: 'vehicle_types',
} as const;

export function listingRepository(db: Db) {
  return {
    /** The listings a user runs, oldest first, with their kind, logo as given and whether shown. */
    async ownedBy(userId: string) {
      return rows<{
        sp_id: number;
        kind: ProviderKind;
        company_logo: string | null;
        active: boolean;
      }>(
        db,
        sql`select sp_id, kind, company_logo, active from service_providers
          where owner_user_id = ${userId} order by sp_id`,
      );
    },

    /** Why staff suspended a listing: the note of its latest suspension (audit log). */
    async suspensionNote(spId: number) {
      const [r] = await rows<{ note: string | null }>(
        db,
        sql`select note from audit_log where target_type = 'provider' and target_id = ${String(spId)}
            and action = 'provider.suspend' order by id desc limit 1`,
      );
      return r?.note ?? null;
    },

    /** The listing, locked until the transaction ends, if this user still runs it. */
    async lockOwned(spId: number, userId: string) {
      const r = await rows<{ sp_id: number }>(
        db,
        sql`select sp_id from service_providers
          where sp_id = ${spId} and owner_user_id = ${userId} and active for update`,
      );
      return r.length > 0;
    },

    /** Sets a locked listing's logo URL (null: the drawn badge); answers the one it replaces. */
    async swapLogo(spId: number, url: string | null) {
      const [r] = await rows<{ company_logo: string | null }>(
        db,
        sql`select company_logo from service_providers where sp_id = ${spId} for update`,
      );
      await db.execute(
        sql`update service_providers set company_logo = ${url} where sp_id = ${spId}`,
      );
      return r?.company_logo ?? null;
    },

    /**
     * A user's first listing of this kind, or the one they already have (even a suspended one:
     * a new listing must not escape a suspension). The user's row is locked, so two first saves
     * at once make one listing.
     */
    async create(
      userId: string,
      kind: ProviderKind,
      set: Required<Omit<ListingSet, 'phoneNumber'>> & { phoneNumber: string | null },
    ) {
      await db.execute(sql`select 1 from users where id = ${userId} for update`);
      const [had] = await rows<{ sp_id: number }>(
        db,
        sql`select sp_id from service_providers where owner_user_id = ${userId} and kind = ${kind} limit 1`,
      );
      if (had) return { existing: had.sp_id };
      const [r] = await rows<{ sp_id: number }>(
        db,
        // A plan paid before the listing existed places it from the start (decision 0031).
        sql`insert into service_providers (kind, owner_user_id, company_name, mobile_number, phone_number,
            state_id, city_id, address, description, available_days, rank_boost)
          values (${kind}, ${userId}, ${set.companyName}, ${set.mobileNumber}, ${set.phoneNumber},
            ${set.stateId}, ${set.cityId}, ${set.address}, ${set.description}, ${set.availableDays},
            coalesce((select p.rank_boost from subscriptions s
              join subscription_plans p on p.id = s.plan_id and p.audience = 'provider'
              where s.user_id = ${userId}), 0))
          returning sp_id`,
      );
      return { created: r.sp_id };
    },

    async update(spId: number, set: ListingSet) {
      const parts = (Object.keys(set) as (keyof ListingSet)[])
        .filter((k) => set[k] !== undefined)
        .map((k) => sql`${sql.raw(COLUMNS[k])} = ${set[k]}`);
      if (parts.length)
        await db.execute(
          sql`update service_providers set ${sql.join(parts, sql`, `)} where sp_id = ${spId}`,
        );
    },

    /** Replaces one kind of tag of a listing with these ids. */
    async replaceTags(spId: number, kind: TagKind, ids: number[]) {
      const { table, column } = TAG_TABLES[kind];
      await db.execute(sql`delete from ${sql.raw(table)} where sp_id = ${spId}`);
      if (ids.length)
        await db.execute(
          sql`insert into ${sql.raw(table)} (sp_id, ${sql.raw(column)})
            values ${sql.join(
              ids.map((id) => sql`(${spId}, ${id})`),
              sql`, `,
            )}`,
        );
    },

    /** Which of these ids exist in a reference list. */
    async existing(kind: TagKind, ids: number[]): Promise<number[]> {
      if (!ids.length) return [];
      const r = await rows<{ id: number }>(
        db,
        sql`select id from ${sql.raw(REFERENCE[kind])} where id in (${sql.join(
          ids.map((i) => sql`${i}`),
          sql`, `,
        )})`,
      );
      return r.map((x) => x.id);
    },

    async cityState(cityId: number): Promise<number | undefined> {
      const r = await rows<{ state_id: number }>(
        db,
        sql`select state_id from cities where id = ${cityId}`,
      );
      return r[0]?.state_id;
    },

    async stateExists(stateId: number) {
      return (await rows(db, sql`select 1 from states where id = ${stateId}`)).length > 0;
    },
  };
}
