import { describe, expect, it } from 'vitest';
import {
  change,
  conversion,
  figureRows,
  figureDays,
  formFields,
  koboToInput,
  nairaToKobo,
  productBody,
  readProductFilters,
  readProductForm,
} from './seller.ts';

describe('seller pages: money and figures', () => {
  it('reads naira as sellers type it, in kobo', () => {
    expect(nairaToKobo('45000')).toBe(4_500_000);
    expect(nairaToKobo('₦45,000.5')).toBe(4_500_050);
    expect(nairaToKobo(' 12 500.05 ')).toBe(1_250_005);
    expect(nairaToKobo('')).toBeNull();
    for (const bad of ['abc', '1.234', '-5', '1e5', '0x10', '123456789012'])
      expect(nairaToKobo(bad), bad).toBeNaN();
    expect(koboToInput(4_500_000)).toBe('45000');
    expect(koboToInput(4_500_050)).toBe('45000.50');
    expect(koboToInput(5)).toBe('0.05');
    expect(koboToInput(null)).toBe('');
  });

  it('says how a figure moved and shows conversion', () => {
    expect(change(12, 10)).toBe('up 20%');
    expect(change(5, 10)).toBe('down 50%');
    expect(change(3, 0)).toBe('new this period');
    expect(change(0, 0)).toBe('no change');
    expect(change(1001, 1000)).toBe('up a little');
    expect(conversion(2, 50)).toBe('4.00%');
    expect(conversion(1, 0)).toBe('–');
    expect(figureDays('7')).toBe(7);
    expect(figureDays('14')).toBe(30);
    expect(figureDays(null)).toBe(30);
  });

  it('tables days newest first, and 90 days by week', () => {
    const day = (i: number) => ({
      date: new Date(Date.UTC(2026, 0, 1 + i)).toISOString().slice(0, 10),
      views: 1,
      orders: i % 2,
      revenueKobo: 100,
    });
    const week = figureRows(Array.from({ length: 7 }, (_, i) => day(i)));
    expect(week).toHaveLength(7);
    expect(week[0].label).toBe('Wed 7 Jan');
    const quarter = figureRows(Array.from({ length: 90 }, (_, i) => day(i)));
    expect(quarter).toHaveLength(13);
    expect(quarter[0]).toMatchObject({ label: '25 Mar – 31 Mar', views: 7, revenueKobo: 700 });
    expect(quarter[12]).toMatchObject({ label: '1 Jan – 6 Jan', views: 6 });
    expect(quarter.reduce((a, r) => a + r.views, 0)).toBe(90);
  });
});

describe('seller pages: the product form', () => {
  const form = (pairs: [string, string][]) => {
    const f = new FormData();
    for (const [k, v] of pairs) f.append(k, v);
    return f;
  };
  const base: [string, string][] = [
    ['name', 'Brake pads'],
    ['catId', '601'],
    ['condition', '2'],
    ['price', '18,500'],
    ['sales', ''],
    ['stock', '4'],
    ['active', 'on'],
  ];

  it('builds the API body with fitment rows in order, empty and removed rows left out', () => {
    const d = readProductForm(
      form([
        ...base,
        ['fit_make', '5'],
        ['fit_model', '50'],
        ['fit_from', '2007'],
        ['fit_to', '2011'],
        ['fit_make', ''],
        ['fit_model', ''],
        ['fit_from', ''],
        ['fit_to', ''],
        ['fit_make', '6'],
        ['fit_model', ''],
        ['fit_from', ''],
        ['fit_to', '2015'],
        ['fit_make', '7'],
        ['fit_model', ''],
        ['fit_from', '2000'],
        ['fit_to', '2001'],
        ['fit_remove', '3'],
      ]),
    );
    expect(d.fitments).toHaveLength(3);
    const b = productBody(d);
    expect(b.ok).toBe(true);
    if (!b.ok) return;
    expect(b.body).toMatchObject({
      name: 'Brake pads',
      catId: 601,
      condition: 2,
      priceKobo: 1_850_000,
      salesKobo: null,
      stock: 4,
      active: true,
      partNumber: null,
    });
    expect(b.body.fitments).toEqual([
      { makeId: 5, modelId: 50, yearFrom: 2007, yearTo: 2011 },
      { makeId: 6, modelId: null, yearFrom: 1970, yearTo: 2015 },
    ]);
    expect(b.rowOf).toEqual([0, 2]);
    // The API's second fitment is the form's third row.
    expect(
      formFields({ 'fitments.1': 'Car 2: choose a Honda model', salesKobo: 'below' }, b.rowOf),
    ).toEqual({ 'fitments.2': 'Car 3: choose a Honda model', sales: 'below' });
  });

  it('names the fields it can check itself', () => {
    const d = readProductForm(
      form([
        ['price', 'ten'],
        ['sales', '-1'],
        ['stock', '4.5'],
        ['catId', ''],
        ['fit_make', '5'],
        ['fit_model', ''],
        ['fit_from', '20o7'],
        ['fit_to', ''],
      ]),
    );
    expect(d.active).toBe(false);
    const b = productBody(d);
    expect(b.ok).toBe(false);
    if (b.ok) return;
    expect(Object.keys(b.fields).sort()).toEqual([
      'catId',
      'fitments.0',
      'price',
      'sales',
      'stock',
    ]);
  });

  it('reads list filters, dropping values the API would refuse', () => {
    const f = readProductFilters(
      new URLSearchParams('q=pads&catId=0&status=gone&stock=low&sort=price_asc'),
    );
    expect(f).toEqual({ q: 'pads', catId: '', status: '', stock: 'low', sort: 'price_asc' });
  });
});
