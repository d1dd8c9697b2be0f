import type { Db } from '@sf/db';
import { checkFit, fitCarName, type FitCar, type FitKind } from '@sf/shared';
import { notFound } from '../../lib/errors.ts';
import { garageService } from '../garage/service.ts';
import { carTakes, fitRule, specsOf } from '../catalog/fitment.ts';
import { fitRepository } from './repository.ts';
import type { FitAnswer } from './types.ts';

/** The catalogue's category rule as the shared check's kind (tyres, wheels, batteries go by size). */
const kindOf = (catId: number, topCatId: number): FitKind => {
  const r = fitRule(catId, topCatId);
  return r === 'tyre' || r === 'rim' || r === 'battery' ? 'spec' : r;
};

export function fitService(db: Db) {
  const garage = garageService(db);
  const repo = fitRepository(db);
  return {
    /** Each product's verdict for one of the user's cars (the newest when `carId` is left out). */
    async check(userId: string, ids: number[], carId?: string): Promise<FitAnswer> {
      const cars = await garage.list(userId);
      const chosen = carId ? cars.find((c) => c.id === carId) : cars[0];
      if (carId && !chosen)
        throw notFound('There is no such car in your garage: choose one of My cars');
      const label = (c: (typeof cars)[number]) => ({
        id: c.id,
        label: fitCarName(c),
        makeId: c.makeId,
        modelId: c.modelId,
        year: c.year,
      });
      const list = cars.map(label);
      if (!chosen) return { status: true, car: null, cars: list, items: [] };
      const car: FitCar = chosen;
      const takes = car.model ? specsOf(carTakes(car.make, car.model)) : [];
      const products = await repo.products([...new Set(ids)]);
      const byId = new Map(products.map((p) => [p.prod_id, p]));
      return {
        status: true,
        car: label(chosen),
        cars: list,
        items: ids.flatMap((id) => {
          const p = byId.get(id);
          if (!p) return [];
          const kind = kindOf(p.cat_id, p.top_cat_id);
          const r = checkFit(
            {
              fitment: p.fitment ?? [],
              kind,
              specFits: takes.length && p.fit_spec ? takes.includes(p.fit_spec) : null,
            },
            car,
          );
          return [{ prod_id: id, verdict: r.verdict, text: r.text }];
        }),
      };
    },
  };
}
