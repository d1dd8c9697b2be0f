import { Form } from 'react-router';
import { formatKobo } from '@sf/shared';
import type { AdminProduct } from '@sf/api/types';
import { NextPage, Pill } from './ui.tsx';
import { AdminTable } from './table.tsx';
import { Field, SelectBoxField } from '../form-field.tsx';
import { Link } from '../link.tsx';

/** Every product for staff: filters (a GET form, works without JavaScript), a table, paging. */
export function ProductList({
  items,
  lastId,
  query,
  categories,
  fixedCategory,
}: {
  items: AdminProduct[];
  lastId: number | null;
  query: string;
  categories: { id: number; name: string }[];
  fixedCategory?: boolean;
}) {
  const q = new URLSearchParams(query);
  return (
    <>
      <Form method="get" className="card mb-4 grid gap-3 p-3 sm:grid-cols-3">
        <Field
          className="text-sm"
          label="Name, part number or id"
          name="q"
          type="search"
          defaultValue={q.get('q') ?? ''}
        />
        <Field
          className="text-sm"
          label="Store id"
          name="store"
          inputMode="numeric"
          pattern="[0-9]*"
          defaultValue={q.get('store') ?? ''}
        />
        {!fixedCategory && (
          <SelectBoxField
            className="text-sm"
            label="Category"
            name="catId"
            defaultValue={q.get('catId') ?? ''}
          >
            <option value="">Any</option>
            {categories.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </SelectBoxField>
        )}
        <SelectBoxField
          className="text-sm"
          label="Condition"
          name="condition"
          defaultValue={q.get('condition') ?? ''}
        >
          <option value="">Any</option>
          <option value="1">New</option>
          <option value="2">Used (Tokunbo)</option>
        </SelectBoxField>
        <SelectBoxField
          className="text-sm"
          label="On sale"
          name="active"
          defaultValue={q.get('active') ?? ''}
        >
          <option value="">Any</option>
          <option value="yes">On sale</option>
          <option value="no">Not on sale</option>
          <option value="held">Hidden by staff</option>
        </SelectBoxField>
        <button type="submit" className="btn-primary self-end justify-self-start">
          Filter
        </button>
      </Form>
      <AdminTable
        caption="Products"
        empty="No product matches."
        rows={items}
        columns={[
          {
            label: 'Product',
            className: 'font-semibold',
            cell: (p) => (
              <>
                <Link to={`/admin/products/${p.id}`} className="underline">
                  {p.name}
                </Link>
                <span className="block text-xs font-normal text-gray-600">
                  #{p.id} · {p.condition === 2 ? 'Used' : 'New'} · {p.state}
                </span>
              </>
            ),
          },
          {
            label: 'Store',
            cell: (p) => (
              <Link to={`/admin/cedstore/${p.store.id}`} className="underline">
                {p.store.name}
              </Link>
            ),
          },
          { label: 'Category', cell: (p) => p.category.name },
          {
            label: 'Price',
            className: 'whitespace-nowrap',
            cell: (p) => formatKobo(p.salesKobo ?? p.priceKobo),
          },
          { label: 'Stock', cell: (p) => p.stock },
          { label: 'State', cell: (p) => <ProductState p={p} /> },
        ]}
      />
      <NextPage lastId={lastId} query={q} />
    </>
  );
}

function ProductState({ p }: { p: AdminProduct }) {
  if (p.heldBy === 'admin') return <Pill tone="red">Hidden by staff</Pill>;
  if (p.heldBy === 'suspension') return <Pill tone="red">Store suspended</Pill>;
  return p.active ? <Pill tone="green">On sale</Pill> : <Pill tone="gray">Off sale</Pill>;
}
