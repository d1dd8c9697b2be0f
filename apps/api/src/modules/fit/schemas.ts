import { Obj, Text, nullable, okStatus } from '../../lib/schemas.ts';

const str = { type: 'string' } as const;

export const fitQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    ids: Text({
      maxLength: 600,
      pattern: '^(\\d{1,9}(,\\d{1,9}){0,59})?$',
      description: 'Up to 60 product ids, comma-separated (none: just the car and my cars)',
    }),
    car: {
      type: 'string',
      format: 'uuid',
      description: 'One of my cars (GET /api/garage); the most recently saved when left out',
    },
  },
} as const;

const carSchema = Obj({
  id: { type: 'string', format: 'uuid' },
  label: str,
  makeId: { type: 'integer' },
  modelId: nullable({ type: 'integer' }),
  year: nullable({ type: 'integer' }),
});

export const fitItem = Obj({
  prod_id: { type: 'integer' },
  verdict: { type: 'string', enum: ['fits', 'no', 'unknown'] },
  text: {
    ...str,
    description:
      "'Fits your 2010 Toyota Corolla', 'Does not fit your 2010 Corolla: made for the 2014–2018 Corolla' …",
  },
});

export const fitReply = Obj({
  status: okStatus,
  car: nullable({ ...carSchema, description: 'The car checked against; null without a saved car' }),
  cars: { type: 'array', items: carSchema, description: 'My cars, newest first' },
  items: { type: 'array', items: fitItem },
});
