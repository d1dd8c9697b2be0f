import type { ReactNode } from 'react';

export interface Column<T> {
  label: string;
  cell: (row: T) => ReactNode;
  /** Extra classes of the cells, e.g. 'font-semibold' or 'whitespace-nowrap'. */
  className?: string;
}

/**
 * An admin list as a table that scrolls sideways inside its card on a phone, so the page
 * itself never does; `empty` is said instead when there are no rows.
 */
export function AdminTable<T>({
  caption,
  columns,
  rows,
  empty,
  rowKey = (row) => (row as { id: number | string }).id,
}: {
  caption: string;
  columns: Column<T>[];
  rows: T[];
  empty: string;
} & (T extends { id: number | string }
  ? { rowKey?: (row: T) => number | string }
  : { rowKey: (row: T) => number | string })) {
  if (rows.length === 0) return <p className="card p-4 text-gray-700">{empty}</p>;
  return (
    <div className="card overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-gray-100 text-gray-700">
          <tr>
            {columns.map((c) => (
              <th key={c.label} scope="col" className="p-3">
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} className="border-t border-gray-100">
              {columns.map((c) => (
                <td key={c.label} className={`p-3 ${c.className ?? ''}`}>
                  {c.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
