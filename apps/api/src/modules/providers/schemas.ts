import { DAYS, PAGE_SIZE } from '@sf/shared';
import { Int, nullable, Obj, Text, okStatus } from '../../lib/schemas.ts';

const id = Int();
const day = Text({
  maxLength: 9,
  description: 'A day: Sunday … Saturday (any case, or Sun … Sat) or 0 (Sunday) … 6 (Saturday)',
});

const common = {
  regionId: { ...id, description: 'State id (GET /api/database/states/NG)' },
  city: { ...id, description: 'City id (GET /api/database/cities/{stateId})' },
  near: {
    ...id,
    description:
      "The visitor's state id: without regionId, that state's providers come first, then its neighbours'",
  },
  nearCity: {
    ...id,
    description:
      "The visitor's city id (with near): its providers come first, also in a list limited to the visitor's state",
  },
  vehicleType: { ...id, description: 'Vehicle type id (GET /api/database/vehicleType)' },
  avaliability: { ...day, description: `${day.description}; the historical spelling` },
  availability: day,
  pagesize: Int({ minimum: 1, maximum: PAGE_SIZE, default: PAGE_SIZE }),
  count: Int({
    minimum: 0,
    maximum: 100000,
    description: 'Pages loaded so far (echoed back plus one)',
  }),
  lastId: { ...id, description: 'sp_id of the last item of the previous page' },
  active: {
    type: 'boolean',
    description: 'Whether the client filter set is active (informational)',
  },
} as const;

export const mechanicsQuery = {
  type: 'object',
  properties: {
    ...common,
    speciality: { ...id, description: 'Speciality id (GET /api/mechanics/specialities)' },
  },
  additionalProperties: false,
} as const;

export const towvansQuery = {
  type: 'object',
  properties: {
    ...common,
    capacity: { ...id, description: 'Tow capacity id (GET /api/sp-garage/towcapacity/master)' },
  },
  additionalProperties: false,
} as const;

export const topQuery = {
  type: 'object',
  required: ['kind'],
  properties: {
    kind: { type: 'string', enum: ['mechanic', 'towvan'] },
    limit: Int({ minimum: 1, maximum: 12, default: 6 }),
  },
  additionalProperties: false,
} as const;

const strings = { type: 'array', items: { type: 'string' } } as const;
const ints = { type: 'array', items: { type: 'integer' } } as const;

const itemProps = {
  sp_id: { type: 'integer' },
  kind: { type: 'string', enum: ['mechanic', 'towvan'] },
  company_name: { type: 'string' },
  company_logo: { type: 'string' },
  mobile_number: { type: 'string' },
  phone_number: { type: 'string', description: "'' when the provider gave none" },
  city: { type: 'string' },
  city_id: { type: 'integer' },
  state: { type: 'string' },
  state_id: { type: 'integer' },
  verified: { type: 'boolean' },
  rank: { type: 'integer', description: 'Paid placement: the plan boost (0 on Free)' },
  promoted: {
    type: 'boolean',
    description:
      "Paid placement (a Basic or Premium plan, decision 0031): listed before unpaid providers at the same distance; lists label it 'Promoted'",
  },
  days: { type: 'array', items: { type: 'string', enum: [...DAYS] } },
  vehicle_types: strings,
  specialities: { ...strings, description: 'Mechanics only' },
  capacities: { ...strings, description: 'Tow vans only' },
} as const;

/** A mechanic or a tow van in a list. */
export const providerItem = Obj(itemProps, ['specialities', 'capacities']);

/** One provider for its page. */
export const providerDetail = Obj(
  {
    ...itemProps,
    address: { type: 'string' },
    description: { type: 'string' },
    vehicle_type_ids: ints,
    speciality_ids: { ...ints, description: 'Mechanics only' },
    capacity_ids: { ...ints, description: 'Tow vans only' },
  },
  ['specialities', 'capacities', 'speciality_ids', 'capacity_ids'],
);

export const listReply = Obj({
  status: okStatus,
  items: { type: 'array', items: providerItem },
  lastId: nullable({
    type: 'integer',
    description: 'sp_id of the last item; null on an empty page',
  }),
  hasMore: { type: 'boolean' },
  count: { type: 'integer', description: 'Pages loaded so far' },
});

export const topReply = Obj({ status: okStatus, items: { type: 'array', items: providerItem } });

export const oneReply = Obj({ status: okStatus, item: providerDetail });
