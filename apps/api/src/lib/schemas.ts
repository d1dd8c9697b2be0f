import { ERROR_CODES } from '@sf/shared';

// Shared JSON-schema pieces: routes describe their input once, for validation and OpenAPI.
export const idParam = (name = 'id') =>
  ({
    type: 'object',
    required: [name],
    properties: { [name]: { type: 'integer', minimum: 0, maximum: 2147483647 } },
    additionalProperties: false,
  }) as const;

export const optionSchema = {
  type: 'object',
  properties: { label: { type: 'string' }, value: { type: ['integer', 'string'] } },
  required: ['label', 'value'],
} as const;

export const envelope = (item: object) =>
  ({
    type: 'object',
    properties: { status: { type: 'boolean' }, items: { type: 'array', items: item } },
    required: ['status', 'items'],
  }) as const;

/** Every error answer (the contract is ApiError in @sf/shared). */
export const errorSchema = {
  type: 'object',
  properties: {
    status: { type: 'boolean', enum: [false] },
    code: { type: 'string', enum: [...ERROR_CODES] },
    message: { type: 'string' },
    fields: {
      type: 'object',
      additionalProperties: { type: 'string' },
      description: 'Messages per request field, when the refusal concerns named fields',
    },
  },
  required: ['status', 'code', 'message'],
} as const;
