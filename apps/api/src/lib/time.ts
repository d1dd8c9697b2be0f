/**
 * A timestamp as answers carry it: ISO 8601 in UTC. Drivers hand back a Date (pg, PGlite) or a
 * string (raw SQL, JSON aggregates); a missing one stays null.
 */
export function iso(d: Date | string): string;
export function iso(d: Date | string | null | undefined): string | null;
export function iso(d: Date | string | null | undefined): string | null {
  if (d === null || d === undefined || d === '') return null;
  return (d instanceof Date ? d : new Date(d)).toISOString();
}
