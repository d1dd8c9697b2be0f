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

export const errorSchema = {
  type: 'object',
  properties: {
    status: { type: 'boolean' },
    code: { type: ['string', 'integer'] },
    message: { type: 'string' },
  },
} as const;
