/** '★★★★☆ 4.0 (12 reviews)': the stars are decoration, the words are what screen readers hear. */
export function Stars({
  value,
  count,
  testId,
  small = false,
}: {
  value: number | null;
  count?: number;
  testId?: string;
  small?: boolean;
}) {
  if (value === null || count === 0) return null;
  const full = Math.round(value);
  return (
    <span
      className={`inline-flex items-center gap-1 ${small ? 'text-xs' : 'text-sm'}`}
      data-testid={testId}
    >
      <span aria-hidden="true" className="text-amber-500">
        {'★'.repeat(full)}
        <span className="text-gray-300">{'★'.repeat(5 - full)}</span>
      </span>
      <span className="font-semibold text-gray-900">{value.toFixed(1)}</span>
      {count !== undefined && (
        <span className="text-gray-700">
          ({count}
          <span className="sr-only"> {count === 1 ? 'review' : 'reviews'}</span>)
        </span>
      )}
    </span>
  );
}
