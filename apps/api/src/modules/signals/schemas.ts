import { Id, Obj, Text, nullable, okStatus } from '../../lib/schemas.ts';

const int = { type: 'integer' } as const;
const str = { type: 'string' } as const;

export const listQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    status: { type: 'string', enum: ['open', 'cleared'], description: 'open (default) or cleared' },
    lastId: Id(),
  },
} as const;

export const clearBody = {
  type: 'object',
  additionalProperties: false,
  required: ['note'],
  properties: {
    note: Text({ maxLength: 300, minLength: 3, description: 'What staff checked and found' }),
  },
} as const;

export const signalItem = Obj({
  id: int,
  productId: int,
  productName: str,
  storeName: str,
  storeUrl: str,
  kind: {
    type: 'string',
    enum: ['make_mismatch', 'part_number_mismatch', 'low_price'],
    description:
      "make_mismatch: a genuine-part claim of another make than its fitment's; part_number_mismatch: an OEM part number of another maker family than its fitment's (by its format, or by other listings of it); low_price: far below the median of its part number or its category",
  },
  detail: str,
  active: { type: 'boolean', description: 'On sale (signals never hide a listing)' },
  createdAt: str,
  clearedAt: nullable(str),
});

export const listReply = Obj({
  status: okStatus,
  items: { type: 'array', items: signalItem },
  lastId: nullable(int),
});
export const oneReply = Obj({ status: okStatus, message: str, item: signalItem });
export const scanReply = Obj({ status: okStatus, message: str });
