/**
 * Which states share a border (by the names in packages/db/reference/ng-states.json). A part
 * request reaches the stores of its own state first and of these states in the second round.
 * Listed once per pair where convenient; `neighboursOf` reads it both ways.
 */
const BORDERS: Record<string, string[]> = {
  Abia: ['Imo', 'Rivers', 'Akwa Ibom', 'Cross River', 'Ebonyi', 'Enugu', 'Anambra'],
  Adamawa: ['Borno', 'Gombe', 'Taraba'],
  'Akwa Ibom': ['Cross River', 'Rivers'],
  Anambra: ['Delta', 'Kogi', 'Enugu', 'Imo'],
  Bauchi: ['Kano', 'Jigawa', 'Yobe', 'Gombe', 'Taraba', 'Plateau', 'Kaduna'],
  Bayelsa: ['Delta', 'Rivers'],
  Benue: ['Nasarawa', 'Taraba', 'Cross River', 'Ebonyi', 'Enugu', 'Kogi'],
  Borno: ['Yobe', 'Gombe'],
  'Cross River': ['Ebonyi'],
  Delta: ['Edo', 'Ondo', 'Imo', 'Rivers'],
  Ebonyi: ['Enugu'],
  Edo: ['Kogi', 'Ondo'],
  Ekiti: ['Kwara', 'Kogi', 'Ondo', 'Osun'],
  Enugu: ['Kogi'],
  'Federal Capital Territory': ['Niger', 'Kaduna', 'Nasarawa', 'Kogi'],
  Gombe: ['Yobe', 'Taraba'],
  Imo: ['Rivers'],
  Jigawa: ['Kano', 'Katsina', 'Yobe'],
  Kaduna: ['Katsina', 'Kano', 'Plateau', 'Nasarawa', 'Niger', 'Zamfara'],
  Kano: ['Katsina'],
  Katsina: ['Zamfara'],
  Kebbi: ['Sokoto', 'Zamfara', 'Niger'],
  Kogi: ['Kwara', 'Niger', 'Nasarawa', 'Ondo'],
  Kwara: ['Oyo', 'Osun', 'Niger'],
  Lagos: ['Ogun'],
  Nasarawa: ['Plateau', 'Taraba'],
  Niger: ['Zamfara'],
  Ogun: ['Oyo', 'Osun', 'Ondo'],
  Ondo: ['Osun'],
  Osun: ['Oyo'],
  Plateau: ['Taraba'],
  Sokoto: ['Zamfara'],
};

const graph = new Map<string, Set<string>>();
for (const [a, list] of Object.entries(BORDERS))
  for (const b of list) {
    if (!graph.has(a)) graph.set(a, new Set());
    if (!graph.has(b)) graph.set(b, new Set());
    graph.get(a)!.add(b);
    graph.get(b)!.add(a);
  }

/** The names of the states bordering `state` (none for an unknown name). */
export const neighboursOf = (state: string): string[] => [...(graph.get(state) ?? [])].sort();
