import { describe, expect, it } from 'vitest';
import type { Role } from '@sf/shared';
import routes from '../routes.ts';
import {
  accountMenu,
  bottomBar,
  BUILT_PAGES,
  contractAccountMenu,
  contractBottomBar,
  landingAfterLogin,
  MAIN_NAV,
  SIGNED_IN_COMMON,
  STATIC_PAGES,
  type MenuItem,
} from './menus.ts';

type Entry = { path?: string; index?: boolean; children?: Entry[] };

/** Every page URL pattern of routes.ts, as a regular expression (the catch-all left out). */
function patterns(entries: Entry[]): RegExp[] {
  return entries.flatMap((e) => [
    ...(e.index ? [/^\/$/] : []),
    ...(e.path && e.path !== '*' ? [new RegExp(`^/${e.path.replace(/:[a-z]+/gi, '[^/]+')}$`)] : []),
    ...patterns(e.children ?? []),
  ]);
}
const PAGES = patterns(routes as Entry[]);
const hasRoute = (to: string) => PAGES.some((p) => p.test(to.split('?')[0]));

const ROLES: Role[] = ['guest', 'Buyer', 'Seller', 'Mechanic', 'Tow Van', 'Admin'];
const labels = (items: MenuItem[]) => items.map((i) => i.label);

describe('menus show only pages that exist', () => {
  it('reads the routes (the check below is not empty)', () => {
    expect(PAGES.length).toBeGreaterThan(20);
    expect(hasRoute('/spares-parts')).toBe(true);
    expect(hasRoute('/user/workshop/subscriptions')).toBe(true);
    expect(hasRoute('/broadcast')).toBe(true);
    expect(hasRoute('/no-such-page')).toBe(false);
  });
  it('lists only built pages as built', () => {
    for (const to of BUILT_PAGES) expect(hasRoute(to), to).toBe(true);
  });
  it('leads every shown link to a route', () => {
    const shown = [
      ...MAIN_NAV,
      ...SIGNED_IN_COMMON,
      ...STATIC_PAGES,
      ...ROLES.flatMap((r) => [...accountMenu(r), ...bottomBar(r)]),
    ];
    for (const i of shown) expect(hasRoute(i.to), `${i.label} → ${i.to}`).toBe(true);
  });
  it('shows a contract item as soon as its page exists (no route left out by mistake)', () => {
    for (const r of ROLES)
      for (const i of [...contractAccountMenu(r), ...contractBottomBar(r)])
        expect(
          [...accountMenu(r), ...bottomBar(r)].some((s) => s.label === i.label && s.to === i.to),
          `${r}: ${i.label} → ${i.to}`,
        ).toBe(hasRoute(i.to));
  });
  it('shows the Subscription pages and broadcast requests, keeps Profile', () => {
    expect(labels(accountMenu('Seller'))).toEqual([
      'Store',
      'Subscription',
      'Products',
      'Add Product',
      'Store orders',
      'Disputes',
      'Reviews',
      'My Store Dashboard',
      'Profile',
    ]);
    expect(labels(accountMenu('Mechanic'))).toEqual([
      'Workshop',
      'Subscription',
      'My Workshop Dashboard',
      'Profile',
    ]);
    expect(labels(accountMenu('Tow Van'))).toEqual([
      'Garage',
      'Subscription',
      'My Garage Dashboard',
      'Profile',
    ]);
    expect(labels(bottomBar('Mechanic'))).toEqual([
      'Home',
      'Workshop',
      'Requests',
      'Orders',
      'Profile',
    ]);
    expect(labels(bottomBar('Tow Van'))).toEqual([
      'Home',
      'Garage',
      'Requests',
      'Orders',
      'Profile',
    ]);
    expect(labels(accountMenu('Buyer'))).toEqual(['Profile']);
    expect(labels(accountMenu('Admin'))).toEqual(['Admin', 'Profile']);
    expect(labels(accountMenu('guest'))).toEqual(['Login', 'Register']);
    expect(labels(bottomBar('Seller'))).toEqual(['Home', 'Store', 'Add', 'Orders', 'Profile']);
    // The seller's Orders are the store's orders, not their own purchases.
    expect(bottomBar('Seller').find((i) => i.label === 'Orders')?.to).toBe('/user/store/orders');
    expect(bottomBar('Buyer').find((i) => i.label === 'Orders')?.to).toBe('/user/orders');
    expect(labels(bottomBar('Buyer'))).toEqual(['Home', 'Parts', 'Request', 'Orders', 'Profile']);
    expect(bottomBar('guest')).toEqual([]);
    // The contract still holds them, for when their pages are built.
    expect(labels(contractAccountMenu('Seller'))).toContain('Subscription');
    expect(contractBottomBar('Mechanic').map((i) => i.to)).toContain('/broadcast');
  });
  it('lands staff in the admin area after logging in, everyone else where they came from', () => {
    expect(landingAfterLogin('/', 'Admin')).toBe('/admin/products');
    expect(landingAfterLogin('/admin/orders', 'Admin')).toBe('/admin/orders');
    expect(landingAfterLogin('/', 'Buyer')).toBe('/');
    expect(landingAfterLogin('/shopping/cart', 'Seller')).toBe('/shopping/cart');
  });
  it('puts Request in the main menu, which guests see too (desktop bar and phone menu)', () => {
    expect(MAIN_NAV).toContainEqual({ label: 'Request', to: '/broadcast' });
  });
});
