// Input schemas of the garage: bad input is a 400 with a clear message.
export const garageBody = {
  type: 'object',
  required: ['makeId'],
  additionalProperties: false,
  properties: {
    vin: { type: 'string', maxLength: 40 },
    makeId: { type: 'integer', minimum: 1, maximum: 2147483647 },
    modelId: { type: ['integer', 'null'], minimum: 1, maximum: 2147483647 },
    year: { type: ['integer', 'null'], minimum: 1950, maximum: 2100 },
    nickname: { type: 'string', maxLength: 40 },
  },
} as const;

export const garageIdParam = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', format: 'uuid' } },
  additionalProperties: false,
} as const;
