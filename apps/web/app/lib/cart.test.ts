import { beforeEach, describe, expect, it } from 'vitest';

// The cart lives in the browser: give the store a window with local storage.
const mem = new Map<string, string>();
(globalThis as any).window = {
  localStorage: {
    getItem: (k: string) => mem.get(k) ?? null,
    setItem: (k: string, v: string) => mem.set(k, v),
    removeItem: (k: string) => mem.delete(k),
  },
};
const { addToCart, cartCount, removeFromCart } = await import('./cart.ts');
const { getState, setState } = await import('./store.ts');

const pads = {
  prod_id: 7,
  name: 'Brake pads',
  price: { price: 45000, sales: 39500 },
  image: { src: '/i.webp' },
  store: { name: 'Ladipo' },
};

describe('local cart', () => {
  beforeEach(() => setState({ userCart: { cart_id: null, items: [] } }));
  it('adds a product, then adds to its quantity; the count sums quantities', () => {
    addToCart(pads);
    addToCart(pads);
    addToCart({ ...pads, prod_id: 8 });
    const items = getState().userCart.items;
    expect(items).toHaveLength(2);
    expect(items[0]).toMatchObject({
      prod_id: 7,
      qty: 2,
      price: 45000,
      sales: 39500,
      image: '/i.webp',
      store: 'Ladipo',
    });
    expect(cartCount(items)).toBe(3);
    expect(JSON.parse(mem.get('sf:state')!).userCart.items).toHaveLength(2);
  });
  it('never adds more than the stock', () => {
    addToCart(pads, 1, 2);
    addToCart(pads, 1, 2);
    addToCart(pads, 1, 2);
    expect(getState().userCart.items[0].qty).toBe(2);
  });
  it('removes a product', () => {
    addToCart(pads);
    removeFromCart(7);
    expect(getState().userCart.items).toEqual([]);
  });
});

describe('merge at sign-in', () => {
  beforeEach(() => setState({ userCart: { cart_id: null, items: [] } }));
  it('sends the lines once, and clears them only when the server took them', async () => {
    const { mergeGuestCart } = await import('./cart.ts');
    addToCart(pads);
    addToCart(pads);
    const sent: unknown[] = [];
    const refuse = async (_p: string, body: unknown) => {
      sent.push(body);
      return { status: false, message: 'down' };
    };
    expect(await mergeGuestCart(refuse)).toBeNull();
    expect(getState().userCart.items).toHaveLength(1);
    const accept = async (_p: string, body: unknown) => {
      sent.push(body);
      return { status: true, merged: 1, skipped: [] };
    };
    const [a, b] = await Promise.all([mergeGuestCart(accept), mergeGuestCart(accept)]);
    expect(a).toEqual({ merged: 1, skipped: [] });
    expect(b).toBe(a);
    expect(sent).toEqual([
      { items: [{ productId: 7, quantity: 2 }] },
      { items: [{ productId: 7, quantity: 2 }] },
    ]);
    expect(getState().userCart.items).toEqual([]);
    expect(await mergeGuestCart(accept)).toBeNull();
  });
});
