import { SEARCH_MIN_CHARS } from '@sf/shared';
import { nullable, Obj, okStatus, Text } from '../../lib/schemas.ts';
import { listItemSchema } from '../catalog/schemas.ts';
import { providerItem } from '../providers/schemas.ts';

const kind = { type: 'string', enum: ['part', 'mechanic', 'towvan'] } as const;
const id = nullable({ type: 'integer' });

export const searchQuery = {
  type: 'object',
  required: ['q'],
  properties: {
    q: Text({
      minLength: SEARCH_MIN_CHARS + 1,
      maxLength: 120,
      description: "What the buyer typed: 'tow van lekki', 'mechanic wuse ac', 'corolla headlamp'",
    }),
  },
  additionalProperties: false,
} as const;

export const searchGroup = Obj({
  kind,
  title: { type: 'string' },
  where: { type: 'string', description: "The place the group is limited to ('' for all Nigeria)" },
  widened: {
    type: 'boolean',
    description: 'The city named had none of this kind: the group shows its state instead',
  },
  href: { type: 'string', description: 'The full list with the same filters' },
  parts: { type: 'array', items: listItemSchema },
  providers: { type: 'array', items: providerItem },
  more: { type: 'boolean', description: 'The full list has more than the group shows' },
});

export const searchReply = Obj({
  status: okStatus,
  understood: Obj({
    kinds: { type: 'array', items: kind, description: 'The kinds the text named' },
    stateId: id,
    cityId: id,
    place: { type: 'string' },
    specialityId: id,
    vehicleTypeId: id,
    text: { type: 'string', description: 'The words left for the part search' },
  }),
  groups: { type: 'array', items: searchGroup },
});
