import { Id, Int, Kobo, Obj, Text, envelope, nullable, okStatus } from '../../lib/schemas.ts';

// Broadcast requests and their offers. Money in kobo (fields ending in Kobo).

/** Text caps: a request's description and an offer's note stay short enough to read on a phone. */
export const CAPS = { description: 1000, street: 200, note: 500, partDescription: 300 } as const;

const nullableId = { ...Id(), type: ['integer', 'null'] } as const;

export const requestBody = {
  type: 'object',
  required: ['kind', 'stateId', 'cityId', 'description', 'urgency'],
  additionalProperties: false,
  properties: {
    kind: { type: 'string', enum: ['part', 'mechanic', 'tow'] },
    catId: nullableId,
    specialityId: nullableId,
    vehicleTypeId: nullableId,
    towCapacityId: nullableId,
    /** A saved car (My garage): its make, model, year and VIN fill those left out. */
    garageCarId: { type: ['string', 'null'], format: 'uuid' },
    makeId: nullableId,
    modelId: nullableId,
    year: { ...Int({ minimum: 1950, maximum: 2100 }), type: ['integer', 'null'] },
    vin: Text({ maxLength: 40 }),
    stateId: Id(),
    cityId: Id(),
    street: Text({ maxLength: CAPS.street }),
    lat: { type: ['number', 'null'], minimum: 4, maximum: 14 },
    lng: { type: ['number', 'null'], minimum: 2.5, maximum: 15 },
    description: Text({ minLength: 5, maxLength: CAPS.description, multiline: true }),
    urgency: { type: 'string', enum: ['today', 'week', 'flexible'] },
    /** The browser's key for this request (an offline one is resent): the same key twice is one request. */
    clientKey: Text({ maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' }),
  },
} as const;

export const offerBody = {
  type: 'object',
  required: ['priceKobo'],
  additionalProperties: false,
  properties: {
    priceKobo: Kobo({ minimum: 100, description: 'At least ₦1' }),
    note: Text({ maxLength: CAPS.note, multiline: true }),
    productId: nullableId,
    partDescription: Text({ maxLength: CAPS.partDescription }),
    arrivalMinutes: { ...Int({ minimum: 1, maximum: 1440 }), type: ['integer', 'null'] },
  },
} as const;

export const requestParams = {
  type: 'object',
  required: ['id'],
  additionalProperties: false,
  properties: { id: Id() },
} as const;

export const offerParams = {
  type: 'object',
  required: ['id', 'offerId'],
  additionalProperties: false,
  properties: { id: Id(), offerId: Id() },
} as const;

export const listQuery = {
  type: 'object',
  additionalProperties: false,
  properties: { lastId: Id({ description: 'The last id of the previous page' }) },
} as const;

const int = { type: 'integer' } as const;
const str = { type: 'string' } as const;

export const offerItem = Obj({
  id: int,
  requestId: int,
  providerName: str,
  priceKobo: int,
  note: str,
  productId: nullable(int),
  productName: nullable(str),
  partDescription: nullable(str),
  arrivalMinutes: nullable(int),
  status: { type: 'string', enum: ['pending', 'accepted', 'declined'] },
  /** The provider's phone, once this offer is accepted (the requester sees it). */
  phone: nullable(str),
  createdAt: str,
});

const requestProps = {
  id: int,
  kind: { type: 'string', enum: ['part', 'mechanic', 'tow'] },
  /** What is needed, in words: the category, the speciality or the tow capacity. */
  what: str,
  catId: nullable(int),
  specialityId: nullable(int),
  vehicleTypeId: nullable(int),
  towCapacityId: nullable(int),
  /** "Toyota Corolla 2012", or the vehicle type. */
  vehicle: str,
  makeId: nullable(int),
  modelId: nullable(int),
  year: nullable(int),
  vin: nullable(str),
  stateId: int,
  state: str,
  cityId: int,
  city: str,
  street: nullable(str),
  lat: nullable({ type: 'number' }),
  lng: nullable({ type: 'number' }),
  description: str,
  /** The requester's photo (4:3, 320 px wide in `src`), or null. */
  photo: nullable(Obj({ src: str, srcset: str, width: int, height: int })),
  urgency: { type: 'string', enum: ['today', 'week', 'flexible'] },
  /** expired: still open past its 72 hours. */
  status: { type: 'string', enum: ['open', 'taken', 'closed', 'expired'] },
  offerCount: int,
  expiresAt: str,
  createdAt: str,
  /** A taken mechanic or tow job: when the provider marked it done (null again if the requester said it is not). */
  doneAt: nullable(str),
  /** When the requester confirmed it done: the provider can be reviewed from then on. */
  confirmedAt: nullable(str),
  /** How far the request went (decision 0026). */
  reach: Obj({
    /** Providers it reached. */
    reached: int,
    /** 1 the city's area, 2 the state, 3 the bordering states, 4 all Nigeria. */
    ring: int,
    /** Where that ring ends, in words: "the Ikeja area", "Lagos", "all Nigeria". */
    where: str,
    /** What they are called, for `reached`: "workshops", "store", "tow vans". */
    providers: str,
    /** Open with no offer: nobody was reached, or nobody answered in the kind's time. */
    quiet: { type: 'boolean' },
    /** The requester may send it to the next ring. */
    canWiden: { type: 'boolean' },
    /** Where the next ring ends ('' at the last). */
    nextWhere: str,
  }),
} as const;

export const requestItem = Obj(requestProps);
/** A request as a provider it reached sees it, with their own offer. */
export const incomingItem = Obj({ ...requestProps, myOffer: nullable(offerItem) });

export const requestReply = Obj({
  status: okStatus,
  message: str,
  item: requestItem,
});
export const listReply = envelope(requestItem);
export const incomingReply = envelope(incomingItem);
/**
 * One request: the requester sees every offer; a provider it reached sees only their own. Once
 * an offer is accepted, `contact` is the other side (name and phone), for both of them.
 */
export const detailReply = Obj({
  status: okStatus,
  item: requestItem,
  mine: { type: 'boolean' },
  offers: { type: 'array', items: offerItem },
  myOffer: nullable(offerItem),
  contact: nullable(Obj({ name: str, phone: str })),
});
const option = Obj({ label: str, value: int });
const options = { type: 'array', items: option } as const;
/** Everything the request form chooses from, in one answer (cities come per state). */
export const optionsReply = Obj({
  status: okStatus,
  categories: { ...options, description: 'Part categories: "Brakes: Brake Pads"' },
  makes: options,
  states: options,
  specialities: options,
  vehicleTypes: options,
  towCapacities: options,
});
export const offerReply = Obj({ status: okStatus, message: str, item: offerItem });
export const acceptReply = Obj({
  status: okStatus,
  message: str,
  item: offerItem,
  /** For a part offer of a listed product: the cart now holds it at the offered price. */
  inCart: { type: 'boolean' },
});
