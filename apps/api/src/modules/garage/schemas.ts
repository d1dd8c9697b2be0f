import { Id, Int, Text } from '../../lib/schemas.ts';

// Input schemas of the garage: bad input is a 400 with a clear message.
export const garageBody = {
  type: 'object',
  required: ['makeId'],
  additionalProperties: false,
  properties: {
    vin: Text({ maxLength: 40 }),
    makeId: Id(),
    modelId: { ...Id(), type: ['integer', 'null'] },
    year: { ...Int({ minimum: 1950, maximum: 2100 }), type: ['integer', 'null'] },
    nickname: Text({ maxLength: 40 }),
  },
} as const;

export const garageIdParam = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', format: 'uuid' } },
  additionalProperties: false,
} as const;
