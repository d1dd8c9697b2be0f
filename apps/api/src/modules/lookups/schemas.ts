import { nullable, okStatus } from '../../lib/schemas.ts';

/** The signed-in user's state and city (GET and PUT /api/user/place). */
export const placeReply = {
  type: 'object',
  required: ['status', 'place'],
  properties: {
    status: okStatus,
    message: { type: 'string' },
    place: nullable({
      type: 'object',
      required: ['stateId', 'state', 'cityId', 'city'],
      properties: {
        stateId: { type: 'integer' },
        state: { type: 'string' },
        cityId: { type: ['integer', 'null'] },
        city: { type: ['string', 'null'] },
      },
      additionalProperties: false,
    }),
  },
} as const;
