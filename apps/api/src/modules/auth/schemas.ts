import { EMAIL_MAX, NAME_MAX, BUSINESS_MAX, PASSWORD_MAX, ROLES } from '@sf/shared';
import { Int, nullable, Obj, Text, errorSchema, okMessage, okStatus } from '../../lib/schemas.ts';

// Lengths here are generous outer bounds (bad input is a 400, never a 500); the exact form
// rules with their field messages live in @sf/shared/auth and run in the service.
const email = Text({ maxLength: EMAIL_MAX });
// 4 bytes per character at most: 128 characters of any script fit.
const password = Text({ maxLength: PASSWORD_MAX * 4 });
const name = Text({ maxLength: NAME_MAX * 2 });
const phone = Text({ maxLength: 30 });

/** The answer of GET /api/auth/dszauth (the session check on every navigation). */
export const authUserSchema = Obj({
  name: { type: 'string' },
  id: { type: 'string' },
  isauthenticated: { type: 'boolean' },
  tel: { type: 'string' },
  role: { type: 'string', enum: ['guest', ...ROLES, 'Admin'] },
});

export const authAnswer = Obj({ status: okStatus, user: authUserSchema });
const fieldError = errorSchema;

const accountFields = {
  id: { type: 'string' },
  name: { type: 'string' },
  /** Null for an account made with a phone number alone. */
  email: nullable({ type: 'string' }),
  phone: { type: 'string' },
  role: { type: 'string' },
  businessName: { type: ['string', 'null'] },
  createdAt: { type: 'string' },
} as const;

export const profileSchema = Obj({
  ...accountFields,
  /** False for an account that signs in by SMS code only (it may set one without a current one). */
  hasPassword: { type: 'boolean' },
});
const profileAnswer = Obj({ status: okStatus, user: profileSchema });

/** An account as staff see it: the profile and whether it is locked. */
export const adminUserSchema = Obj({
  ...accountFields,
  lockedAt: nullable({ type: 'string' }),
});

export const adminUsersAnswer = Obj({
  status: okStatus,
  items: { type: 'array', items: adminUserSchema },
  counts: {
    type: 'object',
    additionalProperties: { type: 'integer' },
    description: 'Accounts per role',
  },
  total: { type: 'integer' },
});

export const outboxAnswer = Obj({
  status: okStatus,
  item: Obj({
    to: { type: 'string' },
    subject: { type: 'string' },
    text: { type: 'string' },
    link: nullable({ type: 'string' }),
    createdAt: { type: 'string' },
  }),
});

export const registerSchema = {
  tags: ['auth'],
  summary: 'Create an account (Buyer, Seller, Mechanic or Tow Van) and sign in',
  body: {
    type: 'object',
    additionalProperties: false,
    required: ['name', 'email', 'phone', 'password', 'role'],
    properties: {
      name,
      email,
      phone,
      password,
      role: { type: 'string', enum: [...ROLES] },
      businessName: Text({ maxLength: BUSINESS_MAX * 2 }),
    },
  },
  response: { 201: authAnswer, 400: fieldError, 409: fieldError },
} as const;

export const loginSchema = {
  tags: ['auth'],
  summary: 'Sign in with e-mail or phone number and password; the session cookie is renewed',
  body: {
    type: 'object',
    additionalProperties: false,
    required: ['email', 'password'],
    properties: {
      email: {
        ...email,
        description: "The account's e-mail address or its phone number (0803 123 4567, +234…)",
      },
      password,
    },
  },
  response: { 200: authAnswer, 401: errorSchema, 429: errorSchema },
} as const;

const mobile = Text({
  maxLength: 30,
  description: 'A Nigerian mobile number: 0803 123 4567, +234…, 234…',
});

export const phoneCodeAnswer = Obj(
  {
    status: okStatus,
    /** The same words whether or not an account holds the number. */
    message: { type: 'string' },
    /** The number the code went to, E.164 (+234…). */
    phone: { type: 'string' },
    expiresInS: { type: 'integer' },
    /** Only with the local SMS gateway (no SMS_API_KEY): the page that shows the code. */
    testInbox: { type: 'string' },
  },
  ['testInbox'],
);

export const phoneCodeSchema = {
  tags: ['auth'],
  summary:
    'Send a 6-digit sign-in code by SMS to a Nigerian mobile number (same answer whether or not an account holds it)',
  body: {
    type: 'object',
    additionalProperties: false,
    required: ['phone'],
    properties: { phone: mobile },
  },
  response: { 200: phoneCodeAnswer, 400: fieldError, 429: errorSchema, 503: errorSchema },
} as const;

export const phoneVerifyAnswer = Obj({
  status: okStatus,
  user: authUserSchema,
  /** True when this code created the account. */
  created: { type: 'boolean' },
});

export const phoneVerifySchema = {
  tags: ['auth'],
  summary:
    'Sign in with the SMS code; for a number without an account, the code creates it (name, and for a business role its name, needed: a 400 with fields.name asks for it and keeps the code). 5 tries a code, 10 minutes',
  body: {
    type: 'object',
    additionalProperties: false,
    required: ['phone', 'code'],
    properties: {
      phone: mobile,
      code: Text({ maxLength: 20 }),
      name,
      role: { type: 'string', enum: [...ROLES] },
      businessName: Text({ maxLength: BUSINESS_MAX * 2 }),
    },
  },
  response: {
    200: phoneVerifyAnswer,
    201: phoneVerifyAnswer,
    400: fieldError,
    403: errorSchema,
    429: errorSchema,
  },
} as const;

export const logoutSchema = {
  tags: ['auth'],
  summary: 'Sign out: ends this session (empty body)',
  response: { 200: okMessage, 401: errorSchema },
} as const;

export const dszauthSchema = {
  tags: ['auth'],
  summary: 'The current user, or a guest (random 64-character id) when not signed in',
  response: { 200: authAnswer },
} as const;

export const resetRequestSchema = {
  tags: ['auth'],
  summary: 'Mail a one-time reset link (same answer whether or not the account exists)',
  body: { type: 'object', additionalProperties: false, required: ['email'], properties: { email } },
  response: { 200: okMessage },
} as const;

export const resetConfirmSchema = {
  tags: ['auth'],
  summary: 'Set a new password with the link token; ends every session of the account',
  body: {
    type: 'object',
    additionalProperties: false,
    required: ['token', 'password'],
    properties: {
      token: Text({ minLength: 10, maxLength: 100, pattern: '^[A-Za-z0-9_-]+$' }),
      password,
    },
  },
  response: { 200: okMessage, 400: fieldError },
} as const;

export const profileGetSchema = {
  tags: ['user'],
  summary: "The signed-in user's profile",
  response: {
    200: profileAnswer,
    401: errorSchema,
  },
} as const;

export const profileUpdateSchema = {
  tags: ['user'],
  summary: 'Change name, phone, e-mail or password (e-mail and password need the current password)',
  body: {
    type: 'object',
    additionalProperties: false,
    properties: { name, phone, email, currentPassword: password, newPassword: password },
  },
  response: {
    200: profileAnswer,
    400: fieldError,
    401: errorSchema,
    409: fieldError,
  },
} as const;

export const adminUsersSchema = {
  tags: ['admin'],
  summary:
    'Accounts, newest first, with counts per role; q finds by e-mail, phone or name (Admin only)',
  querystring: {
    type: 'object',
    additionalProperties: false,
    properties: {
      role: { type: 'string', enum: [...ROLES, 'Admin'] },
      q: Text({ maxLength: 100 }),
      pagesize: Int({ minimum: 1, maximum: 200, default: 50 }),
    },
  },
  response: { 200: adminUsersAnswer, 401: errorSchema, 403: errorSchema },
} as const;

export const outboxSchema = {
  tags: ['test'],
  summary: 'E2E only: the latest outbox mail to an address',
  hide: true,
  querystring: {
    type: 'object',
    additionalProperties: false,
    required: ['to'],
    properties: { to: email },
  },
  response: { 200: outboxAnswer },
} as const;
