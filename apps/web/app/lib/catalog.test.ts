import { describe, expect, it } from 'vitest';
import {
  hasFilters,
  listPath,
  productHref,
  readCursor,
  readFilters,
  toProductPage,
  yearRange,
} from './catalog.ts';

describe('catalogue helpers', () => {
  it('reads the parts filters of a URL, dropping bad numbers and empty values', () => {
    const f = readFilters(
      new URLSearchParams(
        'regionId=25&city=&carmake=448&carmodel=abc&caryear=2012&condition=2&prodName=%20brake%20pads%20&lastId=9&active=true',
      ),
    );
    expect(f).toEqual({
      regionId: '25',
      carmake: '448',
      caryear: '2012',
      condition: '2',
      prodName: 'brake pads',
    });
    expect(hasFilters(f)).toBe(true);
    expect(hasFilters(readFilters(new URLSearchParams('active=true')))).toBe(false);
    expect(readFilters(new URLSearchParams('caryear=1900&condition=3'))).toEqual({});
    expect(readFilters(new URLSearchParams(`prodName=${'x'.repeat(300)}`)).prodName).toHaveLength(
      100,
    );
  });
  it('keeps the list cursor opaque but safe', () => {
    expect(readCursor(new URLSearchParams('lastId=1824'))).toBe('1824');
    expect(readCursor(new URLSearchParams('lastId=41230:1824'))).toBe('41230:1824');
    expect(readCursor(new URLSearchParams('lastId=0.5123:1824'))).toBe('0.5123:1824');
    expect(readCursor(new URLSearchParams('lastId=1;drop'))).toBeNull();
    expect(readCursor(new URLSearchParams(''))).toBeNull();
  });
  it('builds the list call with empty values omitted, 50 a page', () => {
    expect(listPath(0, {})).toBe('/api/products/categories/0/?pagesize=50');
    expect(listPath(6, { carmake: '448', prodName: 'brake pads' }, '41230:1824')).toBe(
      '/api/products/categories/6/?carmake=448&prodName=brake+pads&active=true&pagesize=50&lastId=41230%3A1824',
    );
  });
  it('turns a list answer into a page, with an error instead of a throw', () => {
    const item = {
      prod_id: 3,
      id: 3,
      name: 'Pads',
      title: 't',
      description: 'long',
      url: '/product/3',
      price: { price: 10, sales: null },
      condition: 1,
      image: null,
      store: { name: 'S', url_name: 's', city: 'Ikeja', state: 'Lagos', verified: true },
    };
    const page = toProductPage({
      status: true,
      items: [item],
      count: 1,
      lastId: '3',
      hasMore: false,
    });
    expect(page).toMatchObject({ count: 1, lastId: '3', hasMore: false, error: null });
    expect(page.items[0]).not.toHaveProperty('description');
    expect(toProductPage({ status: false, message: 'down' })).toMatchObject({
      items: [],
      error: 'down',
      hasMore: false,
    });
  });
  it('formats fitment years and product links', () => {
    expect(yearRange({ year_from: 2008, year_to: 2013 })).toBe('2008–2013');
    expect(yearRange({ year_from: 2010, year_to: 2010 })).toBe('2010');
    expect(yearRange({ year_from: null, year_to: null })).toBe('All years');
    expect(productHref({ id: 5, url: null })).toBe('/product/5');
    expect(productHref({ id: 5, url: 'https://evil.example/x' })).toBe('/product/5');
  });
});
