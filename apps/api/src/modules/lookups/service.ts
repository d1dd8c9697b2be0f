import { yearOptions, type Option } from '@sf/shared';
import type { Db } from '@sf/db';
import { notFound } from '../../lib/errors.ts';
import { lookupsRepository } from './repository.ts';
import { memo } from '../../lib/cache.ts';

// Reference data changes only with a deploy: memoised for the life of the process.

const toOptions = (rows: { id: number; name: string }[]): Option<number>[] =>
  rows.map((r) => ({ label: r.name, value: r.id }));

export function lookupsService(db: Db) {
  const repo = lookupsRepository(db);
  return {
    states: memo(async (_: void) => toOptions(await repo.states())),
    cities: memo(async (stateId: number) => {
      if (!(await repo.state(stateId))) throw notFound(`No state with id ${stateId}`);
      return toOptions(await repo.cities(stateId));
    }),
    makes: memo(async (_: void) => toOptions(await repo.makes())),
    models: memo(async (makeId: number) => {
      if (!(await repo.make(makeId))) throw notFound(`No car make with id ${makeId}`);
      return toOptions(await repo.models(makeId));
    }),
    years: memo(async (modelId: number) => {
      const m = await repo.model(modelId);
      if (!m) throw notFound(`No car model with id ${modelId}`);
      return yearOptions(m.yearFrom, m.yearTo);
    }),
    vehicleTypes: memo(async (_: void) => toOptions(await repo.vehicleTypes())),
    specialities: memo(async (_: void) => toOptions(await repo.specialities())),
    towCapacities: memo(async (_: void) => toOptions(await repo.towCapacities())),
    /** The rows the home search reads its words from (it keeps the vocabulary it builds). */
    async searchReference() {
      const [states, cities, specialities, vehicleTypes] = await Promise.all([
        repo.states(),
        repo.allCities(),
        repo.specialities(),
        repo.vehicleTypes(),
      ]);
      return { states, cities, specialities, vehicleTypes };
    },
  };
}
export type LookupsService = ReturnType<typeof lookupsService>;
