import type { FromSchema } from 'json-schema-to-ts';
import { Obj, Text, nullable, okMessage, okStatus } from '../../lib/schemas.ts';

// Background jobs that failed for good, for staff: look, retry, or discard.

const str = { type: 'string' } as const;

export const failedJob = Obj({
  id: str,
  kind: str,
  attempts: { type: 'integer' },
  lastError: nullable(str),
  payload: { type: 'object', additionalProperties: true },
  createdAt: str,
  failedAt: str,
});
export type FailedJob = FromSchema<typeof failedJob>;

export const failedJobsReply = Obj({
  status: okStatus,
  items: { type: 'array', items: failedJob },
});

export const jobParams = {
  type: 'object',
  required: ['id'],
  properties: {
    id: Text({ maxLength: 36, pattern: '^[0-9a-fA-F-]{36}$', description: 'A job id' }),
  },
} as const;

export const jobActionReply = okMessage;
