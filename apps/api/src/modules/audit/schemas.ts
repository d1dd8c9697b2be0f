import { Id, Obj, Text, envelope, nullable, okStatus } from '../../lib/schemas.ts';

// The audit trail of staff actions (read only: entries are written by the actions themselves).

const str = { type: 'string' } as const;
const changes = {
  type: ['object', 'null'],
  additionalProperties: true,
  description: 'Only the fields that changed',
} as const;

export const auditItem = Obj({
  id: { type: 'integer' },
  actorId: nullable(str),
  actorEmail: str,
  action: str,
  targetType: str,
  targetId: str,
  before: changes,
  after: changes,
  note: nullable(str),
  createdAt: str,
});

export const auditQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    targetType: Text({ maxLength: 40, pattern: '^[a-z_]+$' }),
    targetId: Text({ maxLength: 80 }),
    actorId: Text({ maxLength: 36, pattern: '^[0-9a-fA-F-]{36}$', description: 'A user id' }),
    action: Text({ maxLength: 60, pattern: '^[a-z_]+\\.[a-z_]+$' }),
    lastId: Id({ description: 'Cursor: the id of the last entry of the previous page' }),
  },
} as const;

export const auditReply = Obj({
  status: okStatus,
  items: { type: 'array', items: auditItem },
  lastId: nullable({ type: 'integer', description: 'The next page cursor; null on the last page' }),
});

export const attentionReply = envelope(
  Obj({ key: str, label: str, href: str, count: { type: 'integer' } }),
);
