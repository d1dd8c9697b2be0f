// The cart's answers, derived from their response schemas.
import type { FromSchema } from 'json-schema-to-ts';
import type { cartLine, cartReply, cartStore, mergeReply } from './schemas.ts';

export type CartLine = FromSchema<typeof cartLine>;
export type CartStore = FromSchema<typeof cartStore>;
/** The whole cart, as every cart route answers it. */
export type CartView = FromSchema<typeof cartReply>;
export type CartMergeAnswer = FromSchema<typeof mergeReply>;
