import { sql } from 'drizzle-orm';
import { rows, type Db } from '@sf/db';
import { PRODUCT_IMAGES_MAX } from '@sf/shared';
import { conflict, forbidden, invalid, notFound } from '../../lib/errors.ts';
import type { Storage } from '../../lib/storage.ts';
import { removeFiles, storeThenCommit } from '../../lib/uploads.ts';
import { transaction } from '../../lib/tx.ts';
import { invalidateCatalogLists } from '../catalog/service.ts';
import { productPictureFiles, type ProductPicture } from '../images/uploaded.ts';
import { imageUrl, srcset } from '../images/urls.ts';
import { sellerRepository } from './repository.ts';
import type { ProductImagesAnswer } from './types.ts';

/*
 * A seller's product pictures: add (the upload pipeline, lib/uploads.ts), delete, reorder. The
 * first is the one lists show. Only the product's store owner reaches them: a user owning no
 * store gets 403, another store's product is 404, and a refused change stores nothing. Every
 * change takes the product's row lock first, so the count of 8 holds however many uploads race,
 * and positions stay 0..n-1 in the order the seller chose.
 */

interface ImageRow {
  key: string;
  width: number;
  height: number;
  placeholder: string;
}

const imagesOf = (db: Db, prodId: number) =>
  rows<ImageRow>(
    db,
    sql`select key, width, height, placeholder from product_images
        where product_id = ${prodId} order by position`,
  );

/** Writes the pictures of a product in this order (positions 0..n-1), replacing what was there. */
async function rewrite(tx: Db, prodId: number, list: ImageRow[]) {
  await tx.execute(sql`delete from product_images where product_id = ${prodId}`);
  if (list.length === 0) return;
  await tx.execute(sql`insert into product_images (product_id, position, key, width, height, placeholder)
    values ${sql.join(
      list.map(
        (r, i) => sql`(${prodId}, ${i}, ${r.key}, ${r.width}, ${r.height}, ${r.placeholder})`,
      ),
      sql`, `,
    )}`);
}

const answer = (list: ImageRow[]): ProductImagesAnswer => ({
  status: true as const,
  max: PRODUCT_IMAGES_MAX,
  images: list.map((r) => ({
    key: r.key,
    src: imageUrl(r.key, 320),
    srcset: srcset(r.key),
    width: 320,
    height: 240,
  })),
});

export function productImagesService(db: Db, storage: Storage) {
  async function storesOf(userId: string) {
    const stores = await sellerRepository(db).storesOwnedBy(userId);
    if (stores.length === 0) throw forbidden('Only a store owner can do this');
    return stores;
  }

  /** Runs `fn` on the product's pictures with its row locked; 404 when it is not the caller's. */
  async function locked<T>(
    userId: string,
    prodId: number,
    fn: (tx: Db, list: ImageRow[]) => Promise<T>,
  ) {
    const stores = await storesOf(userId);
    return transaction(db, async (tx) => {
      if (!(await sellerRepository(tx).lockOwnedProduct(prodId, stores)))
        throw notFound(`You have no product with id ${prodId}`);
      return fn(tx, await imagesOf(tx, prodId));
    });
  }

  const full = () =>
    conflict(
      `A product has at most ${PRODUCT_IMAGES_MAX} pictures: delete one before adding another. Nothing was saved.`,
    );

  return {
    async list(userId: string, prodId: number): Promise<ProductImagesAnswer> {
      const stores = await storesOf(userId);
      if (!(await sellerRepository(db).ownedProduct(prodId, stores)))
        throw notFound(`You have no product with id ${prodId}`);
      return answer(await imagesOf(db, prodId));
    },

    /**
     * Adds pictures at the end. Ownership and room are checked before a byte is read; `receive`
     * reads and resizes every file (refusing the lot on one bad file); then the files are stored
     * and the rows written, the count checked again under the lock. Nothing is left on failure.
     */
    async add(
      userId: string,
      prodId: number,
      receive: () => Promise<ProductPicture[]>,
    ): Promise<ProductImagesAnswer> {
      const before = await this.list(userId, prodId);
      if (before.images.length >= PRODUCT_IMAGES_MAX) throw full();
      const pictures = await receive();
      const files = pictures.flatMap((p) => p.files);
      const list = await storeThenCommit(storage, files, () =>
        locked(userId, prodId, async (tx, current) => {
          const left = PRODUCT_IMAGES_MAX - current.length;
          if (pictures.length > left)
            throw left > 0
              ? conflict(
                  `A product has at most ${PRODUCT_IMAGES_MAX} pictures: this one has ${current.length}, so add at most ${left} more. Nothing was saved.`,
                )
              : full();
          const next = [...current, ...pictures];
          await rewrite(tx, prodId, next);
          return next;
        }),
      );
      invalidateCatalogLists(db);
      return answer(list);
    },

    /** Deletes one picture; the others move up. Its files go once the row is gone. */
    async remove(userId: string, prodId: number, key: string): Promise<ProductImagesAnswer> {
      const list = await locked(userId, prodId, async (tx, current) => {
        if (!current.some((r) => r.key === key)) throw notFound('This product has no such picture');
        const next = current.filter((r) => r.key !== key);
        await rewrite(tx, prodId, next);
        return next;
      });
      await removeFiles(storage, productPictureFiles(key));
      invalidateCatalogLists(db);
      return answer(list);
    },

    /** Puts the pictures in the order given: every one of them, each once. */
    async reorder(userId: string, prodId: number, keys: string[]): Promise<ProductImagesAnswer> {
      const list = await locked(userId, prodId, async (tx, current) => {
        const byKey = new Map(current.map((r) => [r.key, r]));
        if (
          keys.length !== current.length ||
          new Set(keys).size !== keys.length ||
          keys.some((k) => !byKey.has(k))
        )
          throw invalid('Send every picture of the product once, in the order wanted', {
            order: 'List every picture once',
          });
        const next = keys.map((k) => byKey.get(k)!);
        await rewrite(tx, prodId, next);
        return next;
      });
      invalidateCatalogLists(db);
      return answer(list);
    },
  };
}
