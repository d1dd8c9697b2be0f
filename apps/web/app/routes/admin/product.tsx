import { Form } from 'react-router';
import { adminGet, adminSubmit, field, requireAdmin } from '../../lib/admin.server.ts';
import { loadAuditTrail } from '../../lib/audit.server.ts';
import { notFound } from '../../lib/api.server.ts';
import { AuditTrail } from '../../components/AuditTrail.tsx';
import { ActionForm, ConfirmBox, Flash, Pill } from '../../components/admin/ui.tsx';
import type { Route } from './+types/product';
import { Field, SelectBoxField, TextAreaField } from '../../components/form-field.tsx';
import { Link } from '../../components/link.tsx';

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `Admin: ${data?.p.item.name ?? 'product'} | SpareFinder NG` },
];

const idOf = (raw: string | undefined) => {
  const id = Number(raw);
  if (!Number.isInteger(id) || id < 1 || id > 2147483647) throw notFound(`No product ${raw}`);
  return id;
};

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const id = idOf(params.id);
  const [p, tree, trail] = await Promise.all([
    adminGet(context, `/api/admin/products/${id}`, 'Product'),
    adminGet(context, '/api/store/categories', 'Categories'),
    loadAuditTrail(context, 'product', id),
  ]);
  return { p, tree: tree.items, trail };
}

/** Naira as typed ('12,500.50') to kobo; NaN when it is not an amount. */
const kobo = (v: string) => {
  const n = Number(v.replace(/[,\s₦]/g, ''));
  return v === '' || !Number.isFinite(n) ? NaN : Math.round(n * 100);
};

export async function action({ request, context, params }: Route.ActionArgs) {
  await requireAdmin(request, context);
  const id = idOf(params.id);
  const form = await request.formData();
  const intent = field(form, 'intent');
  if (intent === 'hide' || intent === 'unhide')
    return adminSubmit(context, 'POST', `/api/admin/products/${id}/hold`, {
      held: intent === 'hide',
      ...(intent === 'hide' ? { reason: field(form, 'reason') } : {}),
      ...(form.get('confirm') ? { confirm: 'on' } : {}),
    });
  const price = kobo(field(form, 'price'));
  const sales = field(form, 'sales');
  if (Number.isNaN(price)) return { ok: false, message: 'Enter the price in naira, like 18500' };
  if (sales !== '' && Number.isNaN(kobo(sales)))
    return { ok: false, message: 'Enter the sale price in naira, or leave it empty' };
  return adminSubmit(context, 'PATCH', `/api/admin/products/${id}`, {
    name: field(form, 'name'),
    title: field(form, 'title'),
    description: String(form.get('description') ?? ''),
    partNumber: field(form, 'partNumber') || null,
    catId: Number(field(form, 'catId')),
    condition: Number(field(form, 'condition')),
    stock: Number(field(form, 'stock')),
    priceKobo: price,
    salesKobo: sales === '' ? null : kobo(sales),
  });
}

export default function AdminProductPage({ loaderData }: Route.ComponentProps) {
  const { p, tree, trail } = loaderData;
  const it = p.item;
  return (
    <main id="main">
      <p className="text-sm">
        <Link to="/admin/products" className="underline">
          Products
        </Link>{' '}
        ›
      </p>
      <h1 className="text-2xl font-bold">{it.name}</h1>
      <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-gray-700">
        #{it.id} in{' '}
        <Link to={`/admin/cedstore/${p.store.id}`} className="underline">
          {p.store.name}
        </Link>
        {p.heldBy === 'admin' ? (
          <Pill tone="red">Hidden by staff: {p.heldReason}</Pill>
        ) : p.heldBy === 'suspension' ? (
          <Pill tone="red">Store suspended</Pill>
        ) : it.active ? (
          <Pill tone="green">On sale</Pill>
        ) : (
          <Pill tone="gray">Taken off sale by the seller</Pill>
        )}
        {it.active && (
          <a href={it.url} className="underline">
            Public page
          </a>
        )}
      </p>
      <div className="mt-4">
        <Flash />
      </div>
      <Form method="post" className="card grid gap-3 p-4 sm:grid-cols-2">
        <h2 className="text-lg font-bold sm:col-span-2">Edit</h2>
        <input type="hidden" name="intent" value="edit" />
        <Field
          className="sm:col-span-2"
          label="Name"
          name="name"
          required
          minLength={3}
          maxLength={120}
          defaultValue={it.name}
        />
        <Field
          className="sm:col-span-2"
          label="Title"
          name="title"
          maxLength={200}
          defaultValue={it.title}
        />
        <TextAreaField
          className="sm:col-span-2"
          label="Description"
          name="description"
          rows={4}
          defaultValue={it.description}
          inputClassName="py-2"
        />
        <Field
          label="Price (₦)"
          name="price"
          required
          inputMode="decimal"
          defaultValue={it.priceKobo / 100}
        />
        <Field
          label="Sale price (₦, empty: no sale)"
          name="sales"
          inputMode="decimal"
          defaultValue={it.salesKobo === null ? '' : it.salesKobo / 100}
        />
        <Field label="Stock" name="stock" type="number" min={0} required defaultValue={it.stock} />
        <SelectBoxField label="Condition" name="condition" defaultValue={it.condition}>
          <option value={1}>New</option>
          <option value={2}>Used (Tokunbo)</option>
        </SelectBoxField>
        <Field label="Part number" name="partNumber" defaultValue={it.partNumber ?? ''} />
        <SelectBoxField label="Category" name="catId" defaultValue={it.catId}>
          {tree.map((t) => (
            <optgroup key={t.id} label={t.name}>
              {(t.children.length ? t.children : [t]).map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </optgroup>
          ))}
        </SelectBoxField>
        <button type="submit" className="btn-primary justify-self-start sm:col-span-2">
          Save changes
        </button>
      </Form>
      <div className="mt-4">
        {p.heldBy === 'admin' ? (
          <ActionForm intent="unhide" title="Put back on sale" button="Put back on sale">
            <p className="text-sm text-gray-700">Hidden because: {p.heldReason}</p>
          </ActionForm>
        ) : (
          <ActionForm intent="hide" title="Hide this product" button="Hide product" danger>
            <p className="text-sm text-gray-700">
              Takes it off every list, search and page. The seller sees your reason on their
              dashboard and cannot put it back on sale themselves.
            </p>
            <TextAreaField
              label="Reason (the seller reads it)"
              name="reason"
              required
              minLength={3}
              maxLength={500}
              rows={2}
              inputClassName="py-2"
            />
            <ConfirmBox>Hide this product from buyers.</ConfirmBox>
          </ActionForm>
        )}
      </div>
      <h2 className="mb-2 mt-6 text-lg font-bold">Staff actions</h2>
      <AuditTrail items={trail} />
    </main>
  );
}
