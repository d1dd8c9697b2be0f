// Every user-visible string that is a contract, in one place (docs/contracts.md; old typos fixed).
export const MESSAGES = {
  notLoggedIn: 'You are not logged in',
  loginForBroadcast: 'Please login to access this feature.',
  pageNotFound: (path: string) => `Page not found: ${path}`,
  searchTooShort: 'Search text should be more than 3 characters',
  invalidEmail: 'Please Enter a Valid Email',
  newsletterThanks: 'Thank You for Subscribing to our Newsletter',
  newsletterFailed: (message: string) => `Could not subscribe ${message}`,
  fieldRequired: 'This field is required',
  cannotFetch: (url: string) => `Cannot fetch data from ${url}`,
  fetchFailed: (message: string) => `fetch process failed: ${message}`,
  storeDashboard: 'My Store Dashboard',
} as const;

/** What the verified badge of a store, mechanic or tow van means (set by staff only, after checking the business: decision 0019). */
export const VERIFIED_MEANS =
  'Verified: SpareFinder NG staff checked that this business is real — its registration, address and phone number.';
