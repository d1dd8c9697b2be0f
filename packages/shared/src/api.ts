/** Response envelope of every list and lookup call (a contract: see docs/contracts.md). */
export interface Envelope<T> {
  status: true;
  items: T[];
}
export interface Option<V = number | string> {
  label: string;
  value: V;
}
