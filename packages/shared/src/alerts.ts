// Saved searches and price alerts (contracts: docs/contracts.md).

/** Saved searches a user may keep at once. */
export const SAVED_SEARCHES_MAX = 20;
/** Price alerts a user may keep at once. */
export const PRICE_ALERTS_MAX = 20;
/**
 * Alert notices a user gets in one Lagos day, all alerts together: a seller importing 5,000
 * parts must not send 5,000 notices. Past it, matches wait for the next day.
 */
export const ALERT_NOTICES_PER_DAY = 10;
