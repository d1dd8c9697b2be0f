import { sql } from 'drizzle-orm';
import { rows, type Db } from '@sf/db';
import { forbidden, notFound } from '../../lib/errors.ts';
import type { Storage } from '../../lib/storage.ts';
import { transaction } from '../../lib/tx.ts';
import { invalidateCatalogLists } from '../catalog/service.ts';
import { replaceLogo, type logoPicture } from '../images/uploaded.ts';
import { storeLogoUrl } from '../images/urls.ts';
import { sellerRepository } from './repository.ts';
import type { StoreLogoAnswer } from './types.ts';

/**
 * A store's own logo (uploaded through lib/uploads.ts), or its drawn initials tile when it has
 * none. Only the store's owner changes it: 403 for anyone else, and a refused upload changes
 * nothing. The old logo's files are removed once the new one is in its row.
 */
export function storeLogoService(db: Db, storage: Storage) {
  return {
    async set(
      userId: string,
      storeId: number | undefined,
      logo: Awaited<ReturnType<typeof logoPicture>> | null,
    ): Promise<StoreLogoAnswer> {
      const stores = await sellerRepository(db).storesOwnedBy(userId);
      if (stores.length === 0) throw forbidden('Only a store owner can do this');
      const id = storeId ?? stores[0];
      if (!stores.includes(id)) throw forbidden('This is not your store');
      let urlName = '';
      await replaceLogo(storage, logo, (url) =>
        transaction(db, async (tx) => {
          const [old] = await rows<{ logo: string | null; url_name: string }>(
            tx,
            sql`select logo, url_name from stores where id = ${id} and owner_user_id = ${userId} for update`,
          );
          if (!old) throw notFound('No such store');
          await tx.execute(sql`update stores set logo = ${url} where id = ${id}`);
          urlName = old.url_name;
          return old.logo;
        }),
      );
      invalidateCatalogLists(db);
      return { status: true as const, logo: logo?.url ?? storeLogoUrl(urlName) };
    },
  };
}
