import { Obj, Text, envelope, nullable } from '../../lib/schemas.ts';

// Input schemas of the VIN decoder: bad input is a 400 with a clear message.
const vinString = Text({
  minLength: 1,
  maxLength: 40,
  description: 'The VIN; spaces and dashes are ignored',
});

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

const str = { type: 'string' } as const;
const num = { type: 'number' } as const;

/** What a decode says about one VIN (null where the data does not tell). */
export const vinDecodeSchema = Obj({
  vin: { type: 'string', description: 'The VIN as decoded (upper case, no spaces or dashes)' },
  valid: { type: 'boolean' },
  completeness: {
    type: 'string',
    enum: ['full', 'make-only', 'none'],
    description: 'full: make and model decoded; make-only: the maker only; none: not in the data',
  },
  message: nullable({ ...str, description: 'What the decode could not tell, in words' }),
  warnings: {
    type: 'array',
    items: Obj({
      code: { type: 'string', enum: ['CHECK_DIGIT', 'NO_YEAR', 'YEAR_AMBIGUOUS'] },
      message: str,
    }),
  },
  checkDigit: { type: 'string', enum: ['ok', 'mismatch'] },
  make: nullable(str),
  model: nullable(str),
  year: nullable({ type: 'integer' }),
  trim: nullable(str),
  body: nullable(str),
  engine: nullable(
    Obj({
      cylinders: nullable(num),
      displacementL: nullable(num),
      hp: nullable(num),
      model: nullable(str),
    }),
  ),
  fuel: nullable(str),
  transmission: nullable(str),
  driveType: nullable(str),
  plantCountry: nullable(str),
  plantCity: nullable(str),
  region: nullable(str),
  makeId: nullable({ type: 'integer', description: 'Our car make, when we list it' }),
  modelId: nullable({ type: 'integer', description: 'Our car model, when we list it' }),
});

/** `{status: true, items: [one decode]}`. */
export const decodeReply = envelope(vinDecodeSchema);
