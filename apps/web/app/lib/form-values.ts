/** A form field as a whole number, or undefined. */
export function intField(v: FormDataEntryValue | null): number | undefined {
  if (typeof v !== 'string' || !/^\d{1,10}$/.test(v.trim())) return undefined;
  const n = Number(v.trim());
  return n > 0 && n <= 2147483647 ? n : undefined;
}
