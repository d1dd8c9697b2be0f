/** What the checkout API answers (amounts in kobo), from its response schemas. */
export type { Quote, QuoteStore } from '@sf/api/types';
