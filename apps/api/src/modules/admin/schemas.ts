import { Id, Int, Obj, Text, nullable, okStatus as ok } from '../../lib/schemas.ts';
import { productDetail, productUpdateBody } from '../seller/schemas.ts';

// The admin area's questions and answers (docs/decisions/0019). Lists are cursor-paged by id,
// newest first, 50 a page; `lastId` is the last item's id, null on the last page.

const str = { type: 'string' } as const;
const nStr = nullable(str);
const int = { type: 'integer' } as const;
const nInt = nullable(int);
const bool = { type: 'boolean' } as const;
const yesNo = { type: 'string', enum: ['yes', 'no', ''] } as const;

const paging = { lastId: Id(), pagesize: Int({ minimum: 1, maximum: 50 }) } as const;
const q = Text({ maxLength: 100 });

/** Why staff did it: shown to staff in the audit log (and to the owner for a suspension). */
export const Note = Text({ minLength: 3, maxLength: 500 });
/** The 'I am sure' of a destructive action: a page's required checkbox sends 'on'. */
export const Confirm = {
  enum: [true, 'on', 'true'],
  description: 'Required for destructive actions: true (a form checkbox sends "on")',
} as const;

const listAnswer = <const T extends object>(item: T) =>
  Obj({ status: ok, items: { type: 'array', items: item }, lastId: nInt });

// ---- Stores ----

export const storesQuery = {
  type: 'object',
  additionalProperties: false,
  properties: { q, verified: yesNo, suspended: yesNo, regionId: Id(), ...paging },
} as const;

export const adminStore = Obj({
  id: int,
  name: str,
  urlName: str,
  url: str,
  owner: nullable(Obj({ id: str, name: str, email: str })),
  state: str,
  city: str,
  verified: bool,
  suspended: bool,
  suspendedAt: nStr,
  products: int,
  activeProducts: int,
  createdAt: str,
});
export const storesReply = listAnswer(adminStore);
export const storeReply = Obj({ status: ok, message: str, item: adminStore });

export const verifyBody = {
  type: 'object',
  additionalProperties: false,
  required: ['verified', 'note'],
  properties: { verified: bool, note: Note },
} as const;

export const suspendBody = {
  type: 'object',
  additionalProperties: false,
  required: ['suspended', 'note'],
  properties: { suspended: bool, note: Note, confirm: Confirm },
} as const;

// ---- Products ----

export const productsQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    q,
    store: Id(),
    catId: Id(),
    regionId: Id(),
    condition: { type: 'integer', enum: [1, 2] },
    active: { type: 'string', enum: ['yes', 'no', 'held', ''] },
    ...paging,
  },
} as const;

export const adminProduct = Obj({
  id: int,
  name: str,
  store: Obj({ id: int, name: str, url: str }),
  category: Obj({ id: int, name: str }),
  state: str,
  condition: int,
  priceKobo: int,
  salesKobo: nInt,
  stock: int,
  active: bool,
  heldBy: nStr,
  heldReason: nStr,
  url: str,
});
export const productsReply = listAnswer(adminProduct);
export const productReply = Obj({
  status: ok,
  message: str,
  item: productDetail,
  store: Obj({ id: int, name: str, url: str, suspended: bool }),
  heldBy: nStr,
  heldReason: nStr,
});

export const productEditBody = productUpdateBody;

export const holdBody = {
  type: 'object',
  additionalProperties: false,
  required: ['held'],
  properties: { held: bool, reason: Note, confirm: Confirm },
} as const;

// ---- Mechanics and tow vans ----

export const providersQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    q,
    kind: { type: 'string', enum: ['mechanic', 'towvan', ''] },
    verified: yesNo,
    suspended: yesNo,
    ...paging,
  },
} as const;

export const adminProvider = Obj({
  id: int,
  kind: str,
  companyName: str,
  mobileNumber: str,
  phoneNumber: nStr,
  address: str,
  description: str,
  owner: nullable(Obj({ id: str, name: str, email: str })),
  state: str,
  city: str,
  verified: bool,
  suspended: bool,
  url: str,
  createdAt: str,
});
export const providersReply = listAnswer(adminProvider);
export const providerReply = Obj({ status: ok, message: str, item: adminProvider });

export const providerEditBody = {
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  properties: {
    companyName: Text({ minLength: 2, maxLength: 120 }),
    mobileNumber: Text({ minLength: 7, maxLength: 20 }),
    phoneNumber: nullable(Text({ maxLength: 20 })),
    address: Text({ maxLength: 200 }),
    description: Text({ maxLength: 2000, multiline: true }),
  },
} as const;

// ---- Categories ----

export const adminCategory = Obj({
  id: int,
  parentId: int,
  name: str,
  path: str,
  imageUrl: str,
  position: int,
  products: int,
  children: int,
});
export const categoriesReply = Obj({ status: ok, items: { type: 'array', items: adminCategory } });
export const categoryReply = Obj({ status: ok, message: str, item: adminCategory });

export const categoryCreateBody = {
  type: 'object',
  additionalProperties: false,
  required: ['name'],
  properties: {
    name: Text({ minLength: 2, maxLength: 60 }),
    parentId: Int({ description: '0: a top category' }),
  },
} as const;

export const categoryEditBody = {
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  properties: {
    name: Text({ minLength: 2, maxLength: 60 }),
    parentId: Int({ description: '0: make it a top category' }),
    position: Int({ maximum: 10_000 }),
  },
} as const;

export const mergeBody = {
  type: 'object',
  additionalProperties: false,
  required: ['into'],
  properties: { into: Id(), confirm: Confirm },
} as const;

export const confirmBody = {
  type: 'object',
  additionalProperties: false,
  properties: { confirm: Confirm },
} as const;

// ---- Search across the marketplace ----

export const searchQuery = {
  type: 'object',
  additionalProperties: false,
  required: ['q'],
  properties: { q: Text({ minLength: 1, maxLength: 100 }) },
} as const;

const hit = Obj({ kind: str, id: str, label: str, detail: str, href: str });
export const searchReply = Obj({ status: ok, items: { type: 'array', items: hit } });
