import type { FitAnswer, FitItem } from '@sf/api/types';

export type { FitAnswer, FitItem } from '@sf/api/types';

/** Which of my cars the page checks parts against (`?car=`), and whether the list keeps only parts that fit (`?fits=1`). */
export interface FitChoice {
  carId: string | null;
  fitsOnly: boolean;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function readFitChoice(params: URLSearchParams): FitChoice {
  const car = params.get('car') ?? '';
  return { carId: UUID.test(car) ? car : null, fitsOnly: params.get('fits') === '1' };
}

/** GET /api/fit for these products (and the chosen car, else my newest). */
export const fitPath = (ids: number[], carId: string | null): `/api/fit?${string}` =>
  `/api/fit?ids=${ids.join(',')}${carId ? `&car=${carId}` : ''}`;

/** The verdicts by product id. */
export const fitsById = (ans: FitAnswer | null): Record<number, FitItem> =>
  Object.fromEntries((ans?.items ?? []).map((i) => [i.prod_id, i]));
