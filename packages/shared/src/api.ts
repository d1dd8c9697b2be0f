/** An option of a select field: lookup answers, and choices the pages build themselves. */
export interface Option<V = number | string> {
  label: string;
  value: V;
}
