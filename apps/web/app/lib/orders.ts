/** What the orders API answers (amounts in kobo), from its response schemas. */
export type { OrderView, PaymentsMode } from '@sf/api/types';
