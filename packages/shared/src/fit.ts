/**
 * Whether a part fits a buyer's car: one pure function for the API's `fit` field (GET /api/fit)
 * and the pages that show it (product cards, the product page, checkout). Rules (decision 0018):
 * a fitment row fits when it names the car's make, its model or no model (every model of the
 * make), and a year range holding the car's year (a car saved without a year matches on make and
 * model alone). No fitment rows: we cannot tell, the buyer asks the seller.
 */

import { plural } from './words.ts';

/** One row of a product's fitment, as the product answer carries it. */
export interface FitmentLine {
  make_id: number;
  make: string;
  model_id: number | null;
  model: string | null;
  year_from: number;
  year_to: number;
}

/** A buyer's car (from My cars or a decoded VIN). */
export interface FitCar {
  makeId: number;
  make: string;
  modelId: number | null;
  model: string | null;
  year: number | null;
}

/**
 * How a category matches cars (apps/api/src/modules/catalog/fitment.ts): 'model' by fitment rows,
 * 'universal' fits most cars, 'spec' by size or battery group, 'not-a-car' never.
 */
export type FitKind = 'model' | 'universal' | 'spec' | 'not-a-car';

export interface FitPart {
  fitment: FitmentLine[];
  kind?: FitKind;
  /** For 'spec' parts: whether the car takes this size; null when the car's sizes are unknown. */
  specFits?: boolean | null;
}

export type FitVerdict = 'fits' | 'no' | 'unknown';
export interface FitResult {
  verdict: FitVerdict;
  text: string;
}

export const NO_FITMENT_TEXT = 'No fitment data: ask the seller';

/** '2014' or '2014–2018'. */
export const yearRange = (from: number, to: number) => (from === to ? `${from}` : `${from}–${to}`);

/** '2010 Toyota Corolla' (what is known of it). */
export const fitCarName = (c: Pick<FitCar, 'year' | 'make' | 'model'>) =>
  [c.year, c.make, c.model].filter(Boolean).join(' ');

const rowMatchesModel = (r: FitmentLine, car: FitCar) =>
  r.make_id === car.makeId && (r.model_id === null || r.model_id === car.modelId);

export function checkFit(part: FitPart, car: FitCar): FitResult {
  const kind = part.kind ?? 'model';
  const full = fitCarName(car);
  const short = car.model ?? car.make;
  const fits: FitResult = { verdict: 'fits', text: `Fits your ${full}` };
  if (kind === 'universal') return { verdict: 'fits', text: `Fits most cars, your ${short} too` };
  if (kind === 'not-a-car')
    return { verdict: 'no', text: `Does not fit your ${short} (not a car part)` };
  if (kind === 'spec') {
    if (part.specFits === true) return fits;
    if (part.specFits === false)
      return { verdict: 'no', text: `Does not fit your ${short} (not its size)` };
  }
  if (part.fitment.length === 0) return { verdict: 'unknown', text: NO_FITMENT_TEXT };

  const sameModel = part.fitment.filter((r) => rowMatchesModel(r, car));
  if (
    sameModel.some((r) => car.year === null || (r.year_from <= car.year && car.year <= r.year_to))
  )
    return fits;
  // Say what the part is made for, so the verdict reads as the part's, not the car's: the years
  // of this model, else the first other cars and how many more.
  if (sameModel.length) {
    const years = [...new Set(sameModel.map((r) => yearRange(r.year_from, r.year_to)))];
    return {
      verdict: 'no',
      text: `Does not fit your ${car.year} ${short}: made for the ${years.join(', ')} ${short}`,
    };
  }
  const cars = [
    ...new Set(
      part.fitment.map((r) =>
        `${r.make} ${r.model ?? ''} ${yearRange(r.year_from, r.year_to)}`.replace(/\s+/g, ' '),
      ),
    ),
  ];
  const rest = cars.length - 2;
  return {
    verdict: 'no',
    text: `Does not fit your ${short}: made for ${cars.slice(0, 2).join(', ')}${rest > 0 ? ` and ${plural(rest, 'other car')}` : ''}`,
  };
}
