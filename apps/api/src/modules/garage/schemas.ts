import { Id, Int, Obj, Text, nullable, okStatus } from '../../lib/schemas.ts';

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
    engine: {
      ...Text({
        maxLength: 8,
        description: "Engine size in litres, '1.8' (0.6 to 9.9); '' for none",
      }),
      type: ['string', 'null'],
    },
    nickname: Text({ maxLength: 40 }),
  },
} as const;

export const garageIdParam = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', format: 'uuid' } },
  additionalProperties: false,
} as const;

/** One car of a user's garage. */
export const garageCar = Obj({
  id: { type: 'string', format: 'uuid' },
  vin: nullable({ type: 'string' }),
  makeId: { type: 'integer' },
  make: { type: 'string' },
  modelId: nullable({ type: 'integer' }),
  model: nullable({ type: 'string' }),
  year: nullable({ type: 'integer' }),
  engine: nullable({ type: 'string', description: "Engine size in litres, '1.8'" }),
  nickname: nullable({ type: 'string' }),
  createdAt: { type: 'string' },
});
const cars = { type: 'array', items: garageCar } as const;

export const listReply = Obj({ status: okStatus, items: cars });
/** A change: what happened in words, and the car saved (none when one was removed). */
export const changeReply = Obj({ status: okStatus, message: { type: 'string' }, items: cars });
