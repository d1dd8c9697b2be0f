import { sql, type SQL } from 'drizzle-orm';
import { rows, type Db } from '@sf/db';
import { CONFIRM_HOURS } from '../requests/service.ts';

export interface ProviderReviewRow {
  id: number;
  request_id: number;
  sp_id: number;
  provider_name: string;
  kind: string;
  user_name: string;
  rating: number;
  body: string;
  answer: string | null;
  answered_at: Date | null;
  hidden_at: Date | null;
  created_at: Date;
}

const SELECT = sql`select r.id, r.request_id, r.sp_id, sp.company_name as provider_name, sp.kind,
  split_part(u.name, ' ', 1) as user_name, r.rating, r.body, r.answer, r.answered_at, r.hidden_at, r.created_at
  from provider_reviews r join service_providers sp on sp.sp_id = r.sp_id join users u on u.id = r.user_id`;

/** Which reviews a page lists: the service names them, the repository writes the condition. */
export type ProviderReviewFilter = { provider: number } | { providers: number[] } | { all: true };

const ids = (xs: number[]) =>
  sql.join(
    xs.map((x) => sql`${x}`),
    sql`, `,
  );

/** A provider's page and the provider's own list show visible reviews only; staff see all. */
const whereOf = (f: ProviderReviewFilter): SQL =>
  'provider' in f
    ? sql`r.sp_id = ${f.provider} and r.hidden_at is null`
    : 'providers' in f
      ? sql`r.sp_id in (${ids(f.providers)}) and r.hidden_at is null`
      : sql`true`;

/** The reviews of mechanics and tow vans after an accepted broadcast job: SQL only. */
export const providerReviewsRepository = (db: Db) => ({
  /** A request with the mechanic or tow van of its accepted offer (sp_id null for a store's). */
  job: async (requestId: number) =>
    (
      await rows<{
        user_id: string;
        status: string;
        sp_id: number | null;
        provider_name: string | null;
        kind: string | null;
        review_open: boolean;
      }>(
        db,
        sql`select r.user_id, r.status, sp.sp_id, sp.company_name as provider_name, sp.kind,
            coalesce(r.confirmed_at is not null
              or r.done_at <= now() - ${CONFIRM_HOURS}::int * interval '1 hour', false) as review_open
          from requests r left join request_offers o on o.id = r.accepted_offer_id
          left join service_providers sp on sp.sp_id = o.sp_id where r.id = ${requestId}`,
      )
    )[0],
  /** Inserts unless the job has its review already (then undefined). */
  insert: async (r: {
    requestId: number;
    spId: number;
    userId: string;
    rating: number;
    body: string;
  }) =>
    (
      await rows<{ id: number }>(
        db,
        sql`insert into provider_reviews (request_id, sp_id, user_id, rating, body)
          values (${r.requestId}, ${r.spId}, ${r.userId}, ${r.rating}, ${r.body})
          on conflict (request_id) do nothing returning id`,
      )
    )[0],
  one: async (id: number) =>
    (await rows<ProviderReviewRow>(db, sql`${SELECT} where r.id = ${id}`))[0],
  ofRequest: async (requestId: number) =>
    (await rows<ProviderReviewRow>(db, sql`${SELECT} where r.request_id = ${requestId}`))[0],
  owner: async (id: number) =>
    (
      await rows<{ owner_user_id: string | null }>(
        db,
        sql`select sp.owner_user_id from provider_reviews r join service_providers sp on sp.sp_id = r.sp_id where r.id = ${id}`,
      )
    )[0],
  list: (filter: ProviderReviewFilter, limit = 50, lastId?: number) =>
    rows<ProviderReviewRow>(
      db,
      sql`${SELECT} where ${whereOf(filter)} ${lastId ? sql`and r.id < ${lastId}` : sql``} order by r.id desc limit ${limit}`,
    ),
  answer: async (id: number, text: string) =>
    (
      await rows<{ id: number }>(
        db,
        sql`update provider_reviews set answer = ${text}, answered_at = now() where id = ${id} and answer is null returning id`,
      )
    ).length > 0,
  hide: async (id: number) =>
    (
      await rows<{ id: number }>(
        db,
        sql`update provider_reviews set hidden_at = now() where id = ${id} and hidden_at is null returning id`,
      )
    ).length > 0,
  exists: async (id: number) =>
    (await rows<{ id: number }>(db, sql`select id from provider_reviews where id = ${id}`)).length >
    0,
  /** Averages and counts straight from the visible reviews: never stored, never drifting. */
  ratings: (spIds: number[]) =>
    spIds.length
      ? rows<{ id: number; count: number; average: number | null }>(
          db,
          sql`select sp_id as id, count(*)::int as count, round(avg(rating), 1)::float as average
            from provider_reviews where hidden_at is null and sp_id in (${ids(spIds)}) group by sp_id`,
        )
      : Promise.resolve([]),
  providerExists: async (spId: number) =>
    (
      await rows<{ sp_id: number }>(
        db,
        sql`select sp_id from service_providers where sp_id = ${spId}`,
      )
    ).length > 0,
  ownedBy: async (userId: string) =>
    (
      await rows<{ sp_id: number }>(
        db,
        sql`select sp_id from service_providers where owner_user_id = ${userId}`,
      )
    ).map((r) => r.sp_id),
});
