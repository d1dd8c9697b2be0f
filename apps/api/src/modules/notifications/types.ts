import type { FromSchema } from 'json-schema-to-ts';
import type { notificationItem, notificationsReply } from './schemas.ts';

export type NotificationItem = FromSchema<typeof notificationItem>;
export type NotificationsAnswer = FromSchema<typeof notificationsReply>;
