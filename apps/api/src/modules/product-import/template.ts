import { csvValue } from '../../lib/csv.ts';
import { COLUMNS } from './csv.ts';

export { csvValue };

const EXAMPLES: Record<(typeof COLUMNS)[number]['name'], string>[] = [
  {
    sku: 'LGP-0001',
    name: 'Front brake pads Corolla',
    category: 'brakes/brake-pads',
    condition: 'New',
    price: '18500',
    sale_price: '16500',
    stock: '6',
    part_number: '04465-02220',
    title: 'Ceramic, low dust',
    description: 'Set of four.\nFits both trims.',
    fitment: 'Toyota Corolla 2008-2013; Toyota Matrix 2009-2013',
    active: 'yes',
  },
  {
    sku: 'LGP-0002',
    name: 'Engine oil filter',
    category: 'Oil Filters',
    condition: 'New',
    price: '3500',
    sale_price: '',
    stock: '40',
    part_number: '90915-YZZE1',
    title: '',
    description: '',
    fitment: 'Toyota 2005-2020; Lexus RX 2004-2015',
    active: 'yes',
  },
  {
    sku: 'LGP-0003',
    name: 'Side mirror, left (Tokunbo)',
    category: 'Mirrors / Side Mirrors',
    condition: 'Used',
    price: '25000',
    sale_price: '',
    stock: '1',
    part_number: '',
    title: 'Belgium used, no scratches',
    description: '',
    fitment: 'Honda Accord 2010-2012',
    active: 'no',
  },
];

/**
 * The template a seller downloads: the header and three example rows (replace them with your
 * parts). The columns are explained on the import page (and in IMPORT_COLUMNS).
 */
export const TEMPLATE_CSV = [
  COLUMNS.map((c) => c.name).join(','),
  ...EXAMPLES.map((e) => COLUMNS.map((c) => csvValue(e[c.name])).join(',')),
]
  .join('\r\n')
  .concat('\r\n');
