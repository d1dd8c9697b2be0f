/** Response envelope of every list and lookup call (a contract: see docs/contracts.md). */
export interface Envelope<T> {
  status: true;
  items: T[];
}
export interface Option<V = number | string> {
  label: string;
  value: V;
}
export interface Category {
  cat_id: number;
  parent_id: number;
  name: string;
  image_url: string;
  path: string;
  child_count: number;
}
