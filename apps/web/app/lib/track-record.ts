import type { TrackRecord } from '@sf/api/types';
import { monthYear } from './dates';

export type TrackRecordItem = TrackRecord['item'];

/** '40 min', 'about 5 hours', 'about 2 days': a median as a buyer reads it. */
export function roughDuration(minutes: number): string {
  if (minutes < 1) return 'under a minute';
  if (minutes < 90) return `${Math.round(minutes)} min`;
  const hours = minutes / 60;
  if (hours < 36) return `about ${Math.round(hours)} hours`;
  return `about ${Math.round(hours / 24)} days`;
}

export { monthYear };

/** The figures of a track record, as [label, value] lines; a figure without data is left out. */
export function trackRecordLines(t: TrackRecordItem): [string, string][] {
  const lines: [string, string][] = [];
  // Out of the orders that ended (decision 0022): one still on its way is neither done nor failed.
  lines.push([
    'Orders completed',
    t.finished
      ? `${t.completed} of ${t.finished}`
      : t.orders
        ? 'First orders under way'
        : 'No orders yet',
  ]);
  if (t.median_ship_hours !== null)
    lines.push(['Ships in', roughDuration(t.median_ship_hours * 60)]);
  if (t.disputed_percent !== null) lines.push(['Orders disputed', `${t.disputed_percent}%`]);
  if (t.refunded_percent !== null) lines.push(['Orders refunded', `${t.refunded_percent}%`]);
  if (t.median_reply_minutes !== null)
    lines.push(['Replies in chat', `usually in ${roughDuration(t.median_reply_minutes)}`]);
  lines.push(['Member since', monthYear(t.member_since)]);
  return lines;
}
