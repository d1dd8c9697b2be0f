// The answers of the auth routes, derived from their response schemas (never written by hand).
import type { FromSchema } from 'json-schema-to-ts';
import type {
  adminUserSchema,
  adminUsersAnswer,
  authUserSchema,
  outboxAnswer,
  phoneCodeAnswer,
  phoneVerifyAnswer,
  profileSchema,
  profileUpdateSchema,
} from './schemas.ts';
import type { adminUserAnswer } from './admin-schemas.ts';

/** Who is calling, as the session check and sign-in answer it (a guest when not signed in). */
export type AuthUser = FromSchema<typeof authUserSchema>;
/** The signed-in user's profile (GET /api/user/profile), and each account of the admin list. */
export type Profile = FromSchema<typeof profileSchema>;
export type AdminUsersAnswer = FromSchema<typeof adminUsersAnswer>;
export type OutboxAnswer = FromSchema<typeof outboxAnswer>;
export type PhoneCodeAnswer = FromSchema<typeof phoneCodeAnswer>;
export type PhoneVerifyAnswer = FromSchema<typeof phoneVerifyAnswer>;
export type AdminUser = FromSchema<typeof adminUserSchema>;
export type AdminUserAnswer = FromSchema<typeof adminUserAnswer>;
/** A change of one's own profile (PATCH or POST /api/user/profile), as its body schema admits it. */
export type ProfileChange = FromSchema<typeof profileUpdateSchema.body>;
