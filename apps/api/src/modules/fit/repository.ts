import { sql } from 'drizzle-orm';
import { rows, type Db } from '@sf/db';
import type { FitmentLine } from '@sf/shared';

export interface FitProductRow {
  prod_id: number;
  cat_id: number;
  top_cat_id: number;
  fit_spec: string | null;
  fitment: FitmentLine[] | null;
}

export const fitRepository = (db: Db) => ({
  /** The products (active or not: a cart line may outlive its listing) with their fitment rows. */
  products: (ids: number[]) =>
    ids.length === 0
      ? Promise.resolve([])
      : rows<FitProductRow>(
          db,
          sql`select p.prod_id, p.cat_id, p.top_cat_id, p.fit_spec,
            (select json_agg(json_build_object('make_id', f.make_id, 'make', mk.name, 'model_id', f.model_id,
               'model', md.name, 'year_from', f.year_from, 'year_to', f.year_to) order by f.id)
             from product_fitments f join car_makes mk on mk.id = f.make_id
             left join car_models md on md.id = f.model_id where f.product_id = p.prod_id) as fitment
          from products p where p.prod_id in (${sql.join(
            ids.map((i) => sql`${i}`),
            sql`, `,
          )})`,
        ),
});
