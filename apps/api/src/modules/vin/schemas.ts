// Input schemas of the VIN decoder and the garage: bad input is a 400 with a clear message.
const vinString = {
  type: 'string',
  minLength: 1,
  maxLength: 40,
  description: 'The VIN; spaces and dashes are ignored',
} as const;

export const decodeParams = {
  type: 'object',
  required: ['vin'],
  properties: { vin: vinString },
  additionalProperties: false,
} as const;
export const decodeQuery = {
  type: 'object',
  required: ['vin'],
  properties: { vin: vinString },
} as const;

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
