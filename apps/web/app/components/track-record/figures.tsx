import { trackRecordLines, type TrackRecordItem } from '../../lib/track-record.ts';

/**
 * A store's track record, rendered on the server from its real orders and chats (the figures
 * are medians and shares: see the track-record module). `compact` is the product page's card.
 */
export function TrackRecordFigures({
  record,
  compact = false,
}: {
  record: TrackRecordItem;
  compact?: boolean;
}) {
  const lines = trackRecordLines(record);
  return (
    <dl
      aria-label="Track record"
      data-testid="track-record"
      className={
        compact
          ? 'grid grid-cols-2 gap-x-3 gap-y-1 text-xs'
          : 'grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-3'
      }
    >
      {lines.map(([label, value]) => (
        <div key={label}>
          <dt className="text-gray-700">{label}</dt>
          <dd className="font-semibold text-gray-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
