import { PASSWORD_MAX, ROLES } from '@sf/shared';
import { Obj, Text, errorSchema, okStatus } from '../../lib/schemas.ts';
import { adminUserSchema } from './schemas.ts';

// Staff's work on accounts (decision 0019): find, role, lock, forced reset, sessions.
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };
const tags = ['admin'];

export const sessionSchema = Obj({
  id: { type: 'string', description: 'The session row (the hash of its token, not the token)' },
  createdAt: { type: 'string' },
  expiresAt: { type: 'string' },
});

export const adminUserAnswer = Obj({
  status: okStatus,
  item: adminUserSchema,
  sessions: { type: 'array', items: sessionSchema },
});
export const adminUserActionAnswer = Obj({
  status: okStatus,
  message: { type: 'string' },
  item: adminUserSchema,
});

const userParams = {
  type: 'object',
  required: ['id'],
  additionalProperties: false,
  properties: { id: { type: 'string', format: 'uuid' } },
} as const;
const note = Text({ maxLength: 500, multiline: true });
const password = Text({ maxLength: PASSWORD_MAX * 4 });

export const getUserSchema = {
  tags,
  summary: 'One account with its open sessions (Admin only)',
  params: userParams,
  response: { 200: adminUserAnswer, ...errors },
} as const;

export const roleSchema = {
  tags,
  summary: "Change an account's role; needs the admin's password again",
  params: userParams,
  body: {
    type: 'object',
    required: ['role'],
    additionalProperties: false,
    properties: { role: { type: 'string', enum: [...ROLES, 'Admin'] }, password, note },
  },
  response: { 200: adminUserActionAnswer, ...errors, 409: errorSchema, 429: errorSchema },
} as const;

const noteBody = {
  type: 'object',
  additionalProperties: false,
  properties: { note },
} as const;

export const lockSchema = {
  tags,
  summary: 'Lock an account: it cannot sign in and every session of it ends',
  params: userParams,
  body: noteBody,
  response: { 200: adminUserActionAnswer, ...errors, 409: errorSchema },
} as const;

export const unlockSchema = {
  tags,
  summary: 'Unlock an account: it can sign in again',
  params: userParams,
  body: noteBody,
  response: { 200: adminUserActionAnswer, ...errors, 409: errorSchema },
} as const;

export const forceResetSchema = {
  tags,
  summary: 'Mail the account a password reset link (the usual reset flow) and end its sessions',
  params: userParams,
  body: noteBody,
  response: { 200: adminUserActionAnswer, ...errors },
} as const;

export const endSessionsSchema = {
  tags,
  summary: 'End one session of an account (sessionId) or all of them (without it)',
  params: userParams,
  body: {
    type: 'object',
    additionalProperties: false,
    properties: { sessionId: Text({ maxLength: 64, pattern: '^[0-9a-f]{64}$' }), note },
  },
  response: { 200: adminUserActionAnswer, ...errors },
} as const;
