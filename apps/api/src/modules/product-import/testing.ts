import { COLUMNS, type ColumnName } from './csv.ts';
import { csvValue } from './template.ts';

// Files for tests and the bench: rows a seller could write, as CSV text.

export type CsvRecord = Partial<Record<ColumnName, string | number>>;

/** A CSV file of these rows under the full header (missing values are empty). */
export function csvOf(list: CsvRecord[], columns: readonly string[] = COLUMNS.map((c) => c.name)) {
  const lines = [columns.join(',')];
  for (const r of list)
    lines.push(columns.map((c) => csvValue(r[c as ColumnName] ?? '')).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

const PARTS = [
  ['Front brake pads', 'brakes/brake-pads', 'Toyota Corolla 2008-2013; Toyota Camry 2007-2011'],
  ['Oil filter', 'Oil Filters', 'Toyota 2005-2020'],
  ['Left side mirror', 'Mirrors / Side Mirrors', 'Honda Accord 2010-2012'],
  ['Air filter', 'filters/air-filters', 'Honda Civic 2012; Honda CR-V 2012-2016'],
  ['Radiator hose', 'Radiator Hoses', ''],
] as const;

/** `n` good rows with SKUs `<prefix>-1` … (prices and stock vary with the row). */
export function goodRows(n: number, prefix = 'SKU', from = 1): CsvRecord[] {
  const out: CsvRecord[] = [];
  for (let i = from; i < from + n; i++) {
    const [name, category, fitment] = PARTS[i % PARTS.length];
    out.push({
      sku: `${prefix}-${i}`,
      name: `${name} ${i}`,
      category,
      condition: i % 3 === 0 ? 'Used' : 'New',
      price: 1000 + (i % 500) * 100,
      stock: i % 20,
      part_number: `PN-${i}`,
      title: 'Imported part',
      description: 'From the bulk import.',
      fitment,
    });
  }
  return out;
}
