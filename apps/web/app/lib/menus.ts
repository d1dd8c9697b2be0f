import type { Role } from '@sf/shared/constants';
import { MESSAGES } from '@sf/shared/messages';

export interface MenuItem {
  label: string;
  to: string;
}

/**
 * The menu paths that have a page today (each one a route in routes.ts). The menus below keep
 * the contract's items (docs/contracts.md, Roles), but an item whose page is still to be built
 * is left out until it exists: a menu link must never lead to 'Page not found'. Add the path
 * here together with its page; `menus.test.ts` checks this list against routes.ts.
 */
export const BUILT_PAGES: ReadonlySet<string> = new Set([
  '/',
  '/auth/login',
  '/auth/register',
  '/spares-parts',
  '/mechanics',
  '/towvans',
  '/vindecoder',
  '/blogs',
  '/contact-us',
  '/user/profile',
  '/user/orders',
  '/user/store',
  '/user/store/subscriptions',
  '/user/workshop/subscriptions',
  '/user/garage/subscriptions',
  '/user/store/products',
  '/user/store/product/0',
  '/user/store/orders',
  '/user/disputes',
  '/user/store/reviews',
  '/user/workshop',
  '/user/garage',
  '/user/cars',
  '/user/alerts',
  '/broadcast',
  '/admin/products',
]);

/**
 * Where a new business account starts: the page that sets up what it sells or lists (a store,
 * a workshop, a garage), not the home page, where nothing tells it that it is not listed yet.
 */
export const SETUP_PAGE: Partial<Record<Role, string>> = {
  Seller: '/user/store',
  Mechanic: '/user/workshop',
  'Tow Van': '/user/garage',
};

/** The items of a menu that have a page (help pages are all served by /static/:slug). */
export const builtOnly = (items: MenuItem[]): MenuItem[] =>
  items.filter((i) => BUILT_PAGES.has(i.to) || i.to.startsWith('/static/'));

const PROFILE: MenuItem = { label: 'Profile', to: '/user/profile' };

/** Where the admin area starts: its menu link, and where staff land after logging in. */
export const ADMIN_HOME = '/admin/products';

/**
 * Where a login lands: the page it was sent from, else the home of the account's work (staff
 * land in the admin area, not on the shop's home page).
 */
export const landingAfterLogin = (redirectTo: string, role: string | undefined) =>
  redirectTo === '/' && role === 'Admin' ? ADMIN_HOME : redirectTo;

/**
 * What each role sees in the Accounts menu ('Dashboard' spelt right), pages not built yet left
 * out. A business role's own items lead to its dashboard; where that is still to be built the
 * role gets Profile, which every signed-in role has.
 */
export function accountMenu(role: Role): MenuItem[] {
  return builtOnly(contractAccountMenu(role));
}

/** The contract's Accounts menu of a role, built pages or not. */
export function contractAccountMenu(role: Role): MenuItem[] {
  switch (role) {
    case 'guest':
      return [
        { label: 'Login', to: '/auth/login' },
        { label: 'Register', to: '/auth/register' },
      ];
    case 'Seller':
      return [
        { label: 'Store', to: '/user/store' },
        { label: 'Subscription', to: '/user/store/subscriptions' },
        { label: 'Products', to: '/user/store/products' },
        { label: 'Add Product', to: '/user/store/product/0' },
        { label: 'Store orders', to: '/user/store/orders' },
        // A dispute the seller does not answer is decided without them: never only in e-mail.
        { label: 'Disputes', to: '/user/disputes' },
        { label: 'Reviews', to: '/user/store/reviews' },
        { label: MESSAGES.storeDashboard, to: '/user/store' },
        PROFILE,
      ];
    case 'Mechanic':
      return [
        { label: 'Workshop', to: '/user/workshop' },
        { label: 'Subscription', to: '/user/workshop/subscriptions' },
        { label: 'My Workshop Dashboard', to: '/user/workshop' },
        PROFILE,
      ];
    case 'Tow Van':
      return [
        { label: 'Garage', to: '/user/garage' },
        { label: 'Subscription', to: '/user/garage/subscriptions' },
        { label: 'My Garage Dashboard', to: '/user/garage' },
        PROFILE,
      ];
    case 'Buyer':
      return [PROFILE];
    case 'Admin':
      return [{ label: 'Admin', to: ADMIN_HOME }, PROFILE];
    default:
      return [];
  }
}

/** Shown to every signed-in role after its own items; Sign out is a form post. */
export const SIGNED_IN_COMMON: MenuItem[] = [
  { label: 'My Orders', to: '/user/orders' },
  { label: 'My cars', to: '/user/cars' },
  { label: 'Saved searches & alerts', to: '/user/alerts' },
];

export const MAIN_NAV: MenuItem[] = [
  { label: 'Spare parts', to: '/spares-parts' },
  { label: 'Mechanics', to: '/mechanics' },
  { label: 'Tow vans', to: '/towvans' },
  // Guests too: the guard sends them to sign in with the broadcast message, then back.
  { label: 'Request', to: '/broadcast' },
  { label: 'VIN decoder', to: '/vindecoder' },
  { label: 'Blogs', to: '/blogs' },
];

/** Shortcuts of the signed-in mobile bottom bar, per role (pages not built yet left out). */
export function bottomBar(role: Role): MenuItem[] {
  return builtOnly(contractBottomBar(role));
}

/** The contract's bottom bar of a role, built pages or not. */
export function contractBottomBar(role: Role): MenuItem[] {
  const home = { label: 'Home', to: '/' };
  const orders = { label: 'Orders', to: '/user/orders' };
  switch (role) {
    case 'Seller':
      return [
        home,
        { label: 'Store', to: '/user/store' },
        { label: 'Add', to: '/user/store/product/0' },
        // A seller's orders at hand are the store's; their own purchases stay under My Orders.
        { label: 'Orders', to: '/user/store/orders' },
        PROFILE,
      ];
    case 'Mechanic':
      return [
        home,
        { label: 'Workshop', to: '/user/workshop' },
        { label: 'Requests', to: '/broadcast' },
        orders,
        PROFILE,
      ];
    case 'Tow Van':
      return [
        home,
        { label: 'Garage', to: '/user/garage' },
        { label: 'Requests', to: '/broadcast' },
        orders,
        PROFILE,
      ];
    case 'guest':
      return [];
    default:
      return [
        home,
        { label: 'Parts', to: '/spares-parts' },
        { label: 'Request', to: '/broadcast' },
        orders,
        PROFILE,
      ];
  }
}

export const STATIC_PAGES: MenuItem[] = [
  ['faq', 'FAQ'],
  ['how-it-works', 'How it works'],
  ['buy-through-us', 'Buy through us'],
  ['sell-through-us', 'Sell through us'],
  ['book-sp', 'Book a mechanic or tow van'],
  ['payment', 'Payment'],
  ['shipping', 'Shipping and delivery'],
  ['e-wallet', 'E-wallet'],
  ['safety-awareness', 'Safety awareness'],
  ['find-customer', 'Find customers'],
  ['advertise-with-us', 'Advertise with us'],
  ['work-with-us', 'Work with us'],
  ['about-us', 'About us'],
  ['terms-condition', 'Terms and conditions'],
  ['cookies-policy', 'Cookies policy'],
].map(([slug, label]) => ({ label, to: `/static/${slug}` }));

export const SUPPORT = {
  phones: ['+234 700 772 7334', '+234 809 000 1122'],
  email: 'support@sparefinder.ng',
  hours: 'Mon–Sat, 8am–6pm',
};
