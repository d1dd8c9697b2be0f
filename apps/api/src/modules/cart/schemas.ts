import { Obj, nullable, okStatus } from '../../lib/schemas.ts';
import { placeReply } from '../lookups/schemas.ts';

// The cart's answers: every change answers the whole cart as it is now (amounts in kobo).

const int = { type: 'integer' } as const;
const str = { type: 'string' } as const;

export const cartLine = Obj({
  productId: int,
  name: str,
  url: str,
  image: nullable({ ...str, description: 'A 160 px picture' }),
  storeId: int,
  storeName: str,
  quantity: int,
  unitPriceKobo: { ...int, description: "Today's price" },
  lineTotalKobo: int,
  stock: int,
  available: { type: 'boolean', description: 'Still sold and in stock' },
  priceChangedFromKobo: nullable({
    ...int,
    description: 'The price the buyer saw, when it changed',
  }),
  problem: nullable({ ...str, description: 'What stops this line from being bought as shown' }),
  offer: nullable({
    ...Obj({
      priceKobo: { ...int, description: "The accepted offer's price, charged per unit" },
      quantity: {
        ...int,
        description:
          'The units the offer price holds for; the line cannot go above it while the offer lasts',
      },
      expiresAt: { ...str, description: 'When the offer price ends (ISO 8601)' },
      listPriceKobo: {
        ...int,
        description: "The shop's price today: what more units cost once the offer ends",
      },
    }),
    description: "While an accepted broadcast offer's price holds on this line; else null",
  }),
});

export const cartStore = Obj({
  storeId: int,
  storeName: str,
  storeUrl: str,
  subtotalKobo: { ...int, description: 'Of the available lines' },
  lines: { type: 'array', items: cartLine },
});

const cartProps = {
  status: okStatus,
  items: { type: 'array', items: cartLine },
  stores: { type: 'array', items: cartStore },
  itemCount: int,
  subtotalKobo: int,
  ready: { type: 'boolean', description: 'Every line can be bought as shown' },
} as const;

export const cartReply = Obj(cartProps);
export const addReply = Obj({ ...cartProps, message: str });
export const mergeReply = Obj({
  ...cartProps,
  merged: { ...int, description: 'Parts of the browser cart added' },
  skipped: {
    type: 'array',
    items: Obj({
      productId: int,
      reason: { type: 'string', enum: ['no longer sold', 'out of stock'] },
    }),
  },
});
export const countReply = Obj({ status: okStatus, count: int });
/** What every signed-in page's header shows: the cart's count and the account's place. */
export const headerReply = Obj({
  status: okStatus,
  count: int,
  place: placeReply.properties.place,
});
