import type { Db } from '@sf/db';
import {
  ENGINE_PATTERN,
  GARAGE_MAX_CARS,
  maxModelYear,
  normaliseVin,
  validateVin,
} from '@sf/shared';
import { badRequest, conflict, HttpError, notFound } from '../../lib/errors.ts';
import { garageRepository } from './repository.ts';
import type { AddCarInput, GarageCar } from './types.ts';

const toCar = (r: { createdAt: Date } & Omit<GarageCar, 'createdAt'>): GarageCar => ({
  ...r,
  createdAt: r.createdAt.toISOString(),
});

export function garageService(db: Db) {
  const repo = garageRepository(db);
  return {
    list: async (userId: string) => (await repo.list(userId)).map(toCar),
    async add(userId: string, input: AddCarInput): Promise<GarageCar> {
      let vin: string | null = null;
      if (input.vin !== undefined && normaliseVin(input.vin) !== '') {
        const check = validateVin(input.vin);
        if (!check.ok) throw badRequest(check.reason);
        vin = check.vin;
      }
      const make = await repo.make(input.makeId);
      if (!make) throw badRequest(`No car make with id ${input.makeId}`);
      const modelId = input.modelId ?? null;
      const year = input.year ?? null;
      if (year !== null && year > maxModelYear())
        throw badRequest(`The year must be ${maxModelYear()} or earlier`);
      if (modelId !== null) {
        const model = await repo.model(modelId);
        if (!model || model.makeId !== make.id)
          throw badRequest(`${make.name} has no model with id ${modelId}`);
        // The pickers offer only the years a model was made; a typed or stale year is refused
        // the same way. A VIN's year is the car's own, whatever the reference table says.
        if (vin === null && year !== null && (year < model.yearFrom || year > model.yearTo))
          throw badRequest(
            `The ${make.name} ${model.name} was made from ${model.yearFrom} to ${model.yearTo}: choose a year in that range`,
          );
      }
      const engineText = input.engine?.trim().replace(/\s*l(itres?)?$/i, '') || null;
      if (engineText !== null && !ENGINE_PATTERN.test(engineText))
        throw badRequest(`Write the engine size in litres, like 1.8 (from 0.6 to 9.9)`);
      const engine = engineText;
      const nickname =
        input.nickname
          ?.replace(/\p{Cc}/gu, '')
          .replace(/\s+/g, ' ')
          .trim() || null;

      const r = await repo.insert(
        { userId, vin, makeId: make.id, modelId, year, engine, nickname },
        GARAGE_MAX_CARS,
      );
      if (r === 'duplicate')
        throw conflict(
          vin
            ? `The car with VIN ${vin} is already in your garage`
            : 'This car is already in your garage',
        );
      if (r === 'full')
        throw new HttpError(
          409,
          `Your garage holds up to ${GARAGE_MAX_CARS} cars: remove one before adding another`,
          'GARAGE_FULL',
        );
      return toCar((await repo.get(userId, r.id))!);
    },
    async remove(userId: string, id: string) {
      if (!(await repo.remove(userId, id))) throw notFound('There is no such car in your garage');
    },
  };
}
