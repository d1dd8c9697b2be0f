import type { FastifyInstance } from 'fastify';
import type { Db } from '@sf/db';
import type { SessionUser } from '../../lib/session.ts';
import { conflict, forbidden, notFound } from '../../lib/errors.ts';
import { transaction } from '../../lib/tx.ts';
import { removeFiles, storeThenCommit } from '../../lib/uploads.ts';
import { productPictureFiles, type ProductPicture } from '../images/uploaded.ts';
import { imageUrl, srcset } from '../images/urls.ts';
import { recordAudit } from '../audit/service.ts';
import {
  reviewsRepository,
  type RatingRow,
  type ReviewFilter,
  type ReviewRow,
} from './repository.ts';
import type { RatingSummary, ReviewItem, ReviewList } from './types.ts';
import { iso } from '../../lib/time.ts';

/** A part is reviewed once its order is completed (received by the buyer), not merely delivered. */
export const REVIEWABLE = ['completed'];

export const clean = (s: string | undefined) =>
  (s ?? '')
    .replace(/\r\n?/g, '\n')
    .replace(/[^\S\n]+/g, ' ')
    .trim();

export const toReview = (r: ReviewRow): ReviewItem => ({
  id: r.id,
  order_id: r.order_id,
  product_id: r.product_id,
  product_name: r.product_name,
  store_id: r.store_id,
  store_name: r.store_name,
  buyer_name: r.buyer_name,
  store_rating: r.store_rating,
  product_rating: r.product_rating,
  body: r.body,
  photo: r.photo_key ? { src: imageUrl(r.photo_key, 320), srcset: srcset(r.photo_key) } : null,
  verified: true,
  created_at: iso(r.created_at)!,
  answer: r.answer,
  answered_at: iso(r.answered_at),
  hidden: r.hidden_at !== null,
});

export const rating = (r: RatingRow | undefined) => ({
  count: r?.count ?? 0,
  average: r?.average ?? null,
});

export interface ReviewInput {
  orderId: number;
  productId: number;
  storeRating: number;
  productRating: number;
  body?: string;
}

export function reviewsService(app: FastifyInstance) {
  const db = app.db;
  const repo = reviewsRepository(db);
  const listOf = (list: ReviewRow[], r: RatingRow | undefined): ReviewList => ({
    status: true,
    rating: rating(r),
    items: list.map(toReview),
    lastId: list.length === 50 ? list[49].id : null,
  });
  const page = async (
    filter: ReviewFilter,
    lastId: number | undefined,
    r: RatingRow | undefined,
  ): Promise<ReviewList> => listOf(await repo.list(filter, 50, lastId), r);
  /**
   * The visible reviews of a product or store, after its rating: the list and the rating count
   * the same reviews (not hidden), so with no rating there is nothing to list, and the list is not
   * asked for. Most parts have no review yet, and every product page asks.
   */
  const rated = async (
    filter: ReviewFilter,
    lastId: number | undefined,
    r: RatingRow | undefined,
  ): Promise<ReviewList> => (r ? page(filter, lastId, r) : listOf([], undefined));
  return {
    /** A verified buyer's review of one line of a completed order; one per line. */
    async create(user: SessionUser, input: ReviewInput) {
      const line = await repo.line(input.orderId, input.productId);
      // Another buyer's order is not told apart from a missing one.
      if (!line || line.buyer_user_id !== user.id)
        throw notFound('There is no such part in your orders: you can review only what you bought');
      if (!REVIEWABLE.includes(line.status))
        throw conflict(
          'You can review this part once the order is completed: confirm you received it first',
        );
      const row = await repo.insert({
        ...input,
        storeId: line.store_id,
        buyerUserId: user.id,
        body: clean(input.body),
      });
      if (!row) throw conflict('You already reviewed this part from this order');
      return toReview((await repo.one(row.id))!);
    },

    /** The page of a review's order line (where a photo form comes back to). */
    async pageOf(id: number) {
      const r = await repo.one(id);
      return r ? `/user/orders/${r.order_id}/item/${r.product_id}` : '/user/orders';
    },

    /** Puts a photo on the buyer's own review (replacing one there). */
    async setPhoto(user: SessionUser, id: number, receive: () => Promise<ProductPicture>) {
      const own = await repo.owner(id);
      if (!own || own.buyer_user_id !== user.id) throw notFound('There is no such review of yours');
      const picture = await receive();
      await storeThenCommit(app.storage, picture.files, () =>
        repo.setPhoto(id, picture.key, picture.placeholder),
      );
      if (own.photo_key) await removeFiles(app.storage, productPictureFiles(own.photo_key));
      return toReview((await repo.one(id))!);
    },

    /** The store's one public answer. */
    async answer(user: SessionUser, id: number, text: string) {
      const own = await repo.owner(id);
      if (!own) throw notFound('There is no such review');
      if (own.owner_user_id !== user.id)
        throw forbidden('Only the store that sold the part answers its reviews');
      const body = clean(text);
      if (!body) throw conflict('Write your answer first');
      if (!(await repo.answer(id, body)))
        throw conflict('This review has its answer already: a store answers once');
      return toReview((await repo.one(id))!);
    },

    /** Staff hide a review that breaks the rules; the audit entry lands with the change. */
    async hide(admin: SessionUser, id: number, note: string) {
      await hideAudited(db, admin, id, note, 'review', (tx) => ({
        hide: () => reviewsRepository(tx).hide(id),
        exists: async () => Boolean(await reviewsRepository(tx).owner(id)),
      }));
      return toReview((await repo.one(id))!);
    },

    async forProduct(productId: number, lastId?: number) {
      const [r] = await repo.productRatings([productId]);
      return rated({ product: productId }, lastId, r);
    },
    async forStore(urlName: string, lastId?: number) {
      const st = await repo.storeByUrl(urlName);
      if (!st) throw notFound(`No store called ${urlName}`);
      const [r] = await repo.storeRatings([st.id]);
      return rated({ store: st.id }, lastId, r);
    },
    /** The buyer's own reviews (hidden ones too: they see what happened to theirs). */
    mine: (user: SessionUser, lastId?: number) => page({ buyer: user.id }, lastId, undefined),
    /** The reviews of the stores this seller owns, to answer them. */
    async ofMyStores(user: SessionUser, lastId?: number) {
      const stores = await repo.storesOwnedBy(user.id);
      if (!stores.length) throw forbidden('Only a store owner has store reviews');
      const [r] = await repo.storeRatings(stores);
      return rated({ stores }, lastId, r);
    },
    all: (lastId?: number) => page({ all: true }, lastId, undefined),

    /** Ratings for product cards: each product's own and its store's. */
    async summary(productIds: number[]): Promise<RatingSummary> {
      const found = await repo.cardRatings(productIds);
      return {
        status: true,
        items: found.map((r) => ({
          prod_id: r.prod_id,
          product: { count: r.product_count, average: r.product_average },
          store: { count: r.store_count, average: r.store_average },
        })),
      };
    },
  };
}

/**
 * The one way staff hide a review of any kind (a store's and product's, or a provider's): the
 * conditional update and its audit entry (`review.hide`) in one transaction.
 */
export async function hideAudited(
  db: Db,
  admin: SessionUser,
  id: number,
  note: string,
  targetType: 'review' | 'provider_review',
  on: (tx: Db) => { hide: () => Promise<boolean>; exists: () => Promise<boolean> },
) {
  await transaction(db, async (tx) => {
    const t = on(tx);
    if (!(await t.hide())) {
      if (!(await t.exists())) throw notFound('There is no such review');
      throw conflict('This review is hidden already');
    }
    await recordAudit(tx, {
      actorId: admin.id,
      action: 'review.hide',
      targetType,
      targetId: id,
      before: { hidden: false },
      after: { hidden: true },
      note: clean(note),
    });
  });
}
