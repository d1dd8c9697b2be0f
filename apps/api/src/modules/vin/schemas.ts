import { Text } from '../../lib/schemas.ts';

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
