import type { AuditItem } from '@sf/api/types';
import { when } from '../lib/dates.ts';

const show = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));

/** Each changed field as "field: before → after". */
function Changes({ item }: { item: AuditItem }) {
  const keys = [...new Set([...Object.keys(item.before ?? {}), ...Object.keys(item.after ?? {})])];
  if (keys.length === 0) return null;
  return (
    <ul className="mt-1 text-sm text-gray-700">
      {keys.map((k) => (
        <li key={k} className="break-words">
          <span className="font-medium">{k}</span>: {show(item.before?.[k] ?? '—')} →{' '}
          {show(item.after?.[k] ?? '—')}
        </li>
      ))}
    </ul>
  );
}

/** Staff actions on one record or across the site, newest first; entries are never edited. */
export function AuditTrail({
  items,
  showTarget = false,
}: {
  items: AuditItem[];
  showTarget?: boolean;
}) {
  if (items.length === 0)
    return <p className="text-sm text-gray-700">No staff actions recorded.</p>;
  return (
    <ol className="space-y-2">
      {items.map((i) => (
        <li key={i.id} className="card p-3">
          <p className="text-sm">
            <span className="font-semibold">{i.action}</span>
            {showTarget && (
              <span className="text-gray-700">
                {' '}
                on {i.targetType} {i.targetId}
              </span>
            )}
          </p>
          <p className="text-xs text-gray-600">
            {i.actorEmail} · <time dateTime={i.createdAt}>{when(i.createdAt)}</time>
          </p>
          <Changes item={i} />
          {i.note && <p className="mt-1 text-sm italic text-gray-800">“{i.note}”</p>}
        </li>
      ))}
    </ol>
  );
}
