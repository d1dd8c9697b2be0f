import { GUEST_ID_LENGTH, GUEST_TELEPHONE, type Role } from './constants.ts';

const ALPHANUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A random 64-character alphanumeric id, unbiased (rejection sampling). */
export function makeGuestId(length = GUEST_ID_LENGTH): string {
  let out = '';
  const buf = new Uint8Array(length * 2);
  while (out.length < length) {
    globalThis.crypto.getRandomValues(buf);
    for (const b of buf) {
      if (b < 248 && out.length < length) out += ALPHANUM[b % 62];
    }
  }
  return out;
}

export interface CurrentUser {
  name: string;
  id: string;
  telephone: string;
  isauthenticated: boolean;
  role: Role;
  store: null | Record<string, unknown>;
}

export function guestUser(id = makeGuestId()): CurrentUser {
  return {
    name: 'guest',
    id,
    telephone: GUEST_TELEPHONE,
    isauthenticated: false,
    role: 'guest',
    store: null,
  };
}
