import { sql } from 'drizzle-orm';
import { rows, type Db } from '@sf/db';

// The signed-in user's place: the state and city kept on the account.

export interface PlaceRow {
  state_id: number | null;
  state: string | null;
  city_id: number | null;
  city: string | null;
}

export function placeRepository(db: Db) {
  return {
    async placeOf(userId: string): Promise<PlaceRow | undefined> {
      const [r] = await rows<PlaceRow>(
        db,
        sql`select u.state_id, s.name as state, u.city_id, c.name as city from users u
      left join states s on s.id = u.state_id left join cities c on c.id = u.city_id
      where u.id = ${userId}`,
      );
      return r;
    },

    /** Whether the state exists, and the city (when given) is one of its cities. */
    async exists(stateId: number, cityId: number | null) {
      const [ok] = await rows<{ state: boolean; city: boolean }>(
        db,
        sql`select exists (select 1 from states where id = ${stateId}) as state,
            ${cityId === null ? sql`true` : sql`exists (select 1 from cities where id = ${cityId} and state_id = ${stateId})`} as city`,
      );
      return ok;
    },

    setPlace: (userId: string, stateId: number | null, cityId: number | null) =>
      db.execute(
        sql`update users set state_id = ${stateId}, city_id = ${cityId}, updated_at = now() where id = ${userId}`,
      ),
  };
}
