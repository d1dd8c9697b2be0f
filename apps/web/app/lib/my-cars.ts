import type { GarageCar } from '@sf/api/types';
import type { Api } from './api.ts';

// Apart from the picker, so a page's loader can read the cars while the picker itself loads
// only when shown.

/** The signed-in user's saved cars for a loader; null for a guest (the API's 401). */
export async function fetchMyCars(api: Api): Promise<GarageCar[] | null> {
  const ans = await api.get<GarageCar>('/api/garage');
  return ans.status && Array.isArray(ans.items) ? ans.items : null;
}

/** '2010 Toyota Corolla 1.8 L' (the engine when the buyer gave it). */
export const carLabel = (
  c: Pick<GarageCar, 'year' | 'make' | 'model'> & { engine?: string | null },
) => [c.year, c.make, c.model, c.engine ? `${c.engine} L` : null].filter(Boolean).join(' ');
