import type { FromSchema } from 'json-schema-to-ts';
import type { adminPlanItem, planItem, subscriptionReply, upgradeReply } from './schemas.ts';

export type PlanItem = FromSchema<typeof planItem>;
export type SubscriptionAnswer = FromSchema<typeof subscriptionReply>;
export type UpgradeAnswer = FromSchema<typeof upgradeReply>;
export type AdminPlanItem = FromSchema<typeof adminPlanItem>;
