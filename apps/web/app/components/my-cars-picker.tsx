import { useEffect, useState, type ReactNode } from 'react';
import { useRouteLoaderData } from 'react-router';
import { partsLinkFor } from '@sf/shared';
import type { AuthUser, GarageCar } from '@sf/api/types';
import { browserApi } from '../lib/api.ts';
import { carLabel, fetchMyCars } from '../lib/my-cars.ts';
import { PartIcon } from './icons.tsx';
import { Link } from './link.tsx';

interface Props {
  /** From the page's loader (fetchMyCars); when left out, the component fetches them in the browser. */
  cars?: GarageCar[] | null;
  heading?: string;
  /** Extra controls per car (e.g. a Remove button on /user/cars). */
  actions?: (car: GarageCar) => ReactNode;
  /** Shown when the signed-in user has no saved car yet; nothing is shown when left out. */
  empty?: ReactNode;
  headingLevel?: 2 | 3;
}

/**
 * 'Start from one of my cars': each saved car links to the parts list filtered by its make, model and year
 * (/spares-parts?carmake=…&carmodel=…&caryear=…). Shows nothing for guests.
 */
export function MyCarsPicker({
  cars: given,
  heading = 'Find parts for one of your cars',
  actions,
  empty,
  headingLevel = 2,
}: Props) {
  const root = useRouteLoaderData('root') as { user?: AuthUser } | undefined;
  const [fetched, setFetched] = useState<GarageCar[] | null>(null);
  const signedIn = Boolean(root?.user?.isauthenticated);
  useEffect(() => {
    if (given !== undefined || !signedIn) return;
    let live = true;
    fetchMyCars(browserApi).then((c) => live && setFetched(c));
    return () => {
      live = false;
    };
  }, [given, signedIn]);
  const cars = given !== undefined ? given : fetched;
  if (!cars) return null;
  if (cars.length === 0 && !empty) return null;
  const H = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section aria-labelledby="my-cars-heading" className="card p-4">
      <H id="my-cars-heading" className="text-lg font-bold">
        {heading}
      </H>
      {cars.length === 0 ? (
        <div className="mt-2 text-gray-700">{empty}</div>
      ) : (
        <ul className="mt-3 divide-y divide-gray-100">
          {cars.map((car) => (
            <li key={car.id} className="flex flex-wrap items-center gap-x-3 gap-y-2 py-2">
              <div className="min-w-0 basis-full sm:basis-auto sm:flex-1">
                <p className="font-semibold">{carLabel(car)}</p>
                {(car.nickname || car.vin) && (
                  <p className="truncate text-sm text-gray-600">
                    {car.nickname}
                    {car.nickname && car.vin ? ' · ' : ''}
                    {car.vin && <span className="font-mono">{car.vin}</span>}
                  </p>
                )}
              </div>
              <Link
                to={partsLinkFor(car)}
                className="btn-ghost text-sm"
                aria-label={`Find parts for ${carLabel(car)}`}
              >
                <PartIcon size={18} />
                Find parts
              </Link>
              {actions?.(car)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
