// The error contract of the API, read by the web app: one code per meaning, one shape for
// messages per form field. The HTTP status stays the real one; the code says which case it is.

/** Every code an API error may carry. A new case gets a new code here, never an ad-hoc string. */
export const ERROR_CODES = [
  /** Malformed request the schema could not describe (bad JSON, wrong content). 400 */
  'BAD_REQUEST',
  /** A field is missing, too long, out of range or holds forbidden characters. 400 */
  'VALIDATION',
  /** The password-reset link is unknown, used or expired. 400 */
  'RESET_INVALID',
  /** A sign-in code by SMS is wrong, expired, used or was tried too often (fields.code). 400 */
  'CODE_INVALID',
  /** Not signed in. 401 */
  'UNAUTHORIZED',
  /** A sensitive action needs the user's password typed again: missing 401, wrong 403. */
  'PASSWORD_AGAIN',
  /** Staff locked this account: it cannot sign in. 403 */
  'ACCOUNT_LOCKED',
  /** Signed in but not allowed. 403 */
  'FORBIDDEN',
  /** A state-changing request from another site. 403 */
  'CSRF',
  /** No such route or record. 404 */
  'NOT_FOUND',
  /** The method is not served at this path. 405 */
  'METHOD_NOT_ALLOWED',
  /** Already exists (same e-mail, same car). 409 */
  'CONFLICT',
  /** The garage already holds its maximum of cars. 409 */
  'GARAGE_FULL',
  /** The user keeps the most saved searches (or price alerts) allowed. 409 */
  'ALERTS_FULL',
  /** The subscription plan's product or listing limit is reached (upgrade to add more). 409 */
  'PLAN_LIMIT',
  /** Checkout: a part has fewer left than the cart asks for. 409 */
  'OUT_OF_STOCK',
  /** Checkout: a part's price changed since the buyer saw it (now shown; send again). 409 */
  'PRICE_CHANGED',
  /** Checkout: a cart line can no longer be bought as it is (sold out, no longer sold). 409 */
  'CART_CHANGED',
  /** The coupon does not exist, expired, is used up or does not fit this cart (fields.couponCode). 409 */
  'COUPON_INVALID',
  /** An order cannot make this move from its current state. 409 */
  'BAD_TRANSITION',
  /** Only a pay-on-delivery order can be marked paid by its store. 409 */
  'NOT_PAY_ON_DELIVERY',
  /** A dispute on the order is open: its money stays in escrow until the dispute is settled. 409 */
  'DISPUTE_OPEN',
  /** The Idempotency-Key was already used with a different request body. 422 */
  'IDEMPOTENCY_KEY_REUSED',
  /** A webhook whose signature does not match its body. 401 */
  'BAD_SIGNATURE',
  /** The body is larger than the route accepts. 413 */
  'PAYLOAD_TOO_LARGE',
  /** The body's content type is not one the route reads. 415 */
  'UNSUPPORTED_MEDIA_TYPE',
  /** Too many attempts in a time window. 429 */
  'RATE_LIMITED',
  /** Our fault; details are in the server log only. 500 */
  'INTERNAL',
  /** A part of the service is not ready yet (e.g. the VIN decoder); try again shortly. 503 */
  'UNAVAILABLE',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** Messages per form field, keyed by the field's name in the request. */
export type FieldErrors<F extends string = string> = Partial<Record<F, string>>;

/** The code the API uses for an HTTP status when nothing more specific applies. */
export function codeForStatus(status: number): ErrorCode {
  switch (status) {
    case 401:
      return 'UNAUTHORIZED';
    case 403:
      return 'FORBIDDEN';
    case 404:
      return 'NOT_FOUND';
    case 405:
      return 'METHOD_NOT_ALLOWED';
    case 409:
      return 'CONFLICT';
    case 413:
      return 'PAYLOAD_TOO_LARGE';
    case 415:
      return 'UNSUPPORTED_MEDIA_TYPE';
    case 429:
      return 'RATE_LIMITED';
    case 503:
      return 'UNAVAILABLE';
    default:
      return status >= 500 ? 'INTERNAL' : 'BAD_REQUEST';
  }
}
