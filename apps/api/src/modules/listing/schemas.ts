import { DAYS } from '@sf/shared';
import { Id, Obj, Text, nullable, okStatus } from '../../lib/schemas.ts';
import { providerDetail } from '../providers/schemas.ts';

// Inputs and answers of a mechanic's own workshop or a tow van's own garage.

/** The most tags of one kind a listing may carry (the reference lists are shorter). */
export const MAX_TAGS = 40;

const ids = (description: string) =>
  ({
    type: 'array',
    maxItems: MAX_TAGS,
    uniqueItems: true,
    items: Id(),
    description,
  }) as const;

export const spIdQuery = {
  type: 'object',
  additionalProperties: false,
  properties: { spId: Id({ description: 'One of my listings (default: my first)' }) },
} as const;

export const listingBody = {
  type: 'object',
  additionalProperties: false,
  properties: {
    spId: Id({ description: 'One of my listings (default: my first)' }),
    companyName: Text({ minLength: 1, maxLength: 80, description: 'Business name' }),
    mobileNumber: Text({
      minLength: 1,
      maxLength: 20,
      description: 'Mobile number customers call',
    }),
    phoneNumber: Text({ maxLength: 20, description: "Another number; '' for none" }),
    stateId: Id({ description: 'State (GET /api/database/states/NG)' }),
    cityId: Id({ description: 'City of that state (GET /api/database/cities/{stateId})' }),
    address: Text({ maxLength: 200 }),
    description: Text({ maxLength: 2000, multiline: true }),
    days: {
      type: 'array',
      maxItems: 7,
      uniqueItems: true,
      items: { type: 'string', enum: [...DAYS] },
      description: 'Days open, Sunday … Saturday (replaces all)',
    },
    specialityIds: ids('Mechanics: specialities (GET /api/mechanics/specialities; replaces all)'),
    capacityIds: ids(
      'Tow vans: tow capacities (GET /api/sp-garage/towcapacity/master; replaces all)',
    ),
    vehicleTypeIds: ids('Vehicle types (GET /api/database/vehicleType; replaces all)'),
  },
} as const;

/** My listing: what its public page shows, plus the logo as I gave it and its page's path. */
export const ownListing = Obj(
  {
    ...providerDetail.properties,
    url: { type: 'string', description: 'The public page: /mechanic/{id} or /towvan/{id}' },
    own_logo: nullable({ type: 'string', description: 'The logo given; null: generated badge' }),
    suspended: {
      type: 'boolean',
      description: 'Suspended by staff: hidden from lists, its page and requests; not editable',
    },
    suspended_reason: nullable({ type: 'string', description: "Staff's note when suspending" }),
  },
  ['specialities', 'capacities', 'speciality_ids', 'capacity_ids'],
);

export const listingReply = Obj({
  status: okStatus,
  /** null for a provider whose listing has not been set up yet. */
  item: nullable(ownListing),
});

export const listingSaved = Obj({
  status: okStatus,
  message: { type: 'string' },
  item: ownListing,
});
