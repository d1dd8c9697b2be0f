// The orders' answers, derived from their response schemas.
import type { FromSchema } from 'json-schema-to-ts';
import type {
  balanceReply,
  invoiceReply,
  orderReply,
  ordersReply,
  orderView,
  paymentsModeSchema,
} from './schemas.ts';
import type { adminOrderActionAnswer, adminOrderAnswer, adminOrderRow } from './admin-schemas.ts';

/** An order as its buyer or its store sees it. */
export type OrderView = FromSchema<typeof orderView>;
export type OrdersAnswer = FromSchema<typeof ordersReply>;
export type OrderAnswer = FromSchema<typeof orderReply>;
export type InvoiceAnswer = FromSchema<typeof invoiceReply>;
export type Invoice = InvoiceAnswer['invoice'];
export type PaymentsMode = FromSchema<typeof paymentsModeSchema>;
export type StoreBalance = FromSchema<typeof balanceReply>;
export type AdminOrderRow = FromSchema<typeof adminOrderRow>;
export type AdminOrderAnswer = FromSchema<typeof adminOrderAnswer>;
export type AdminOrderActionAnswer = FromSchema<typeof adminOrderActionAnswer>;
