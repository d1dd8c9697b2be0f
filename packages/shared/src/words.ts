import { groupDigits } from './money.ts';

/**
 * A count with its noun, the one plural rule of the site: '1 part', '2 parts', '0 parts',
 * '1,204 parts'. `many` for nouns whose plural is not noun + s ('1 address', '3 addresses').
 */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${groupDigits(n)} ${noun(n, one, many)}`;
}

/** The noun alone, by the same rule ('2 more parts loaded'). */
export const noun = (n: number, one: string, many = `${one}s`) => (n === 1 ? one : many);

/** The one name of an order, wherever people read it: 'SF-000011'. */
export const orderNumber = (id: number) => `SF-${String(id).padStart(6, '0')}`;
