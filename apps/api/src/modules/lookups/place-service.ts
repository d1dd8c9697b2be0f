import type { Db } from '@sf/db';
import { badRequest } from '../../lib/errors.ts';
import { placeRepository, type PlaceRow } from './place-repository.ts';

// The signed-in user's place (the header's "Your state"): parts, mechanics and tow vans lists
// default to it. The browser keeps it in a cookie for guests; the account keeps it so the
// same choice follows the user to another phone.

const view = (r: PlaceRow | undefined) =>
  r?.state_id ? { stateId: r.state_id, state: r.state!, cityId: r.city_id, city: r.city } : null;

export function placeService(db: Db) {
  const repo = placeRepository(db);
  const placeOf = async (userId: string) => view(await repo.placeOf(userId));
  return {
    placeOf,

    /** Sets the state (and optionally a city of it); a null state clears both. */
    async setPlace(userId: string, stateId: number | null, cityId: number | null) {
      if (stateId === null && cityId !== null) throw badRequest('Choose a state before a city');
      if (stateId !== null) {
        const ok = await repo.exists(stateId, cityId);
        if (!ok.state) throw badRequest('No such state: choose a state from the list');
        if (!ok.city)
          throw badRequest('That city is not in the chosen state: choose one of its cities');
      }
      await repo.setPlace(userId, stateId, cityId);
      return {
        message: stateId === null ? 'Showing all Nigeria' : 'Your place is saved',
        place: await placeOf(userId),
      };
    },
  };
}

export type PlaceService = ReturnType<typeof placeService>;
