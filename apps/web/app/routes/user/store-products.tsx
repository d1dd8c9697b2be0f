import { data, Form, useNavigation } from 'react-router';
import { CONDITION_LABELS } from '@sf/shared';
import { formStatus, serverApi } from '../../lib/api.server.ts';
import { field, requireUser } from '../../lib/auth.server.ts';
import { redirect } from '../../lib/redirect.ts';
import { signedIn } from '../../lib/signed-in.server.ts';
import { intField } from '../../lib/form-values.ts';
import { loadProductList } from '../../lib/seller.server.ts';
import {
  SORT_LABELS,
  koboToInput,
  nairaToKobo,
  productsUrl,
  readProductFilters,
  type ProductFilters,
  type ProductListItem,
} from '../../lib/seller.ts';
import { FormMessage, SelectBoxField } from '../../components/form-field.tsx';
import { CategoryPicker } from '../../components/seller/category-picker.tsx';
import { OpenStoreFirst } from '../../components/seller/open-store-first.tsx';
import type { Route } from './+types/store-products';
import { Link } from '../../components/link.tsx';

export const meta: Route.MetaFunction = () => [{ title: 'My products | SpareFinder NG' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const list = await loadProductList(request, context);
  return { ...list, saved: intField(new URL(request.url).searchParams.get('saved')) ?? null };
}

type Answer = { ok: false; id: number | null; message: string };

/** Quick edits from the table: price, sale price and stock; hide or show. */
export async function action({ request, context }: Route.ActionArgs) {
  await requireUser(request, context, ['Seller', 'Admin']);
  const form = await request.formData();
  const intent = field(form, 'intent');
  const id = intField(form.get('id'));
  const refuse = (message: string, status = 400) =>
    data<Answer>({ ok: false, id: id ?? null, message }, { status });
  if (!id) return refuse('Choose a product');
  let body: Record<string, unknown>;
  if (intent === 'active') body = { active: field(form, 'active') === 'true' };
  else if (intent === 'quick') {
    const price = nairaToKobo(field(form, 'price'));
    const sales = nairaToKobo(field(form, 'sales'));
    const stock = field(form, 'stock').trim();
    if (price === null || Number.isNaN(price))
      return refuse('Enter the price in naira, like 18500');
    if (Number.isNaN(sales)) return refuse('Enter the sale price in naira, or leave it empty');
    if (!/^\d{1,9}$/.test(stock)) return refuse('Enter how many you have, like 4');
    body = { priceKobo: price, salesKobo: sales, stock: Number(stock) };
  } else return refuse('Unknown request');
  const ans = signedIn(request, await serverApi(context).patch(`/api/store/products/${id}`, body));
  if (!ans.status) return refuse(ans.message ?? 'The product could not be saved', formStatus(ans));
  // Back to the same page of the list (the same filters), without sending the form again.
  const url = new URL(request.url);
  const f = readProductFilters(url.searchParams);
  const lastId = url.searchParams.get('lastId');
  const back = productsUrl(f, lastId && /^[A-Za-z0-9_-]{1,300}$/.test(lastId) ? lastId : null);
  return redirect(`${back}${back.includes('?') ? '&' : '?'}saved=${id}`);
}

function Filters({
  f,
  categories,
}: {
  f: ProductFilters;
  categories: Parameters<typeof CategoryPicker>[0]['tree'];
}) {
  const filtered = Boolean(f.catId || f.status || f.stock || (f.sort && f.sort !== 'newest'));
  return (
    <Form method="get" className="card space-y-3 p-4" role="search">
      <div>
        <label htmlFor="f-q" className="label">
          Search your products
        </label>
        <div className="flex gap-2">
          <input
            id="f-q"
            name="q"
            type="search"
            defaultValue={f.q}
            maxLength={100}
            className="input"
            placeholder="Name, part number or SKU"
          />
          <button type="submit" className="btn-primary shrink-0">
            Show
          </button>
        </div>
      </div>
      {/* Closed until used, so a phone shows the products on its first screen. */}
      <details open={filtered}>
        <summary className="flex min-h-11 cursor-pointer items-center font-semibold text-brand-800">
          Filter and sort
        </summary>
        <div className="mt-2 grid gap-3 md:grid-cols-2 lg:grid-cols-4">
          <div className="md:col-span-2">
            <CategoryPicker tree={categories} name="catId" value={f.catId} allowTop />
          </div>
          <SelectBoxField label="On sale?" name="status" defaultValue={f.status}>
            <option value="">On sale and hidden</option>
            <option value="active">On sale</option>
            <option value="inactive">Hidden from buyers</option>
          </SelectBoxField>
          <SelectBoxField label="Stock" name="stock" defaultValue={f.stock}>
            <option value="">Any stock</option>
            <option value="out">Out of stock</option>
            <option value="low">Running low</option>
          </SelectBoxField>
          <SelectBoxField label="Sort" name="sort" defaultValue={f.sort || 'newest'}>
            {SORT_LABELS.map(([v, l]) => (
              <option key={v} value={v}>
                {l}
              </option>
            ))}
          </SelectBoxField>
          <div className="flex items-end gap-2 lg:col-span-3">
            <button type="submit" className="btn-primary">
              Show products
            </button>
            <Link to="/user/store/products" className="btn-ghost">
              Clear
            </Link>
          </div>
        </div>
      </details>
    </Form>
  );
}

function Row({
  p,
  saved,
  answer,
  busy,
}: {
  p: ProductListItem;
  saved: boolean;
  answer?: Answer;
  busy: boolean;
}) {
  const form = `q-${p.id}`;
  const small = 'text-xs text-gray-600 md:sr-only';
  return (
    <tr
      className={`block border-t border-gray-200 p-3 md:table-row md:p-0 ${p.active ? '' : 'bg-gray-50'}`}
      data-testid={`product-${p.id}`}
    >
      <th scope="row" className="block text-left font-normal md:table-cell md:p-3">
        <Link to={p.editUrl} className="font-semibold text-brand-800 underline">
          {p.name}
        </Link>
        <span className="block text-xs text-gray-600">
          {p.category.name} · {CONDITION_LABELS[p.condition] ?? ''}
          {p.partNumber ? ` · ${p.partNumber}` : ''}
          {p.sku ? ` · SKU ${p.sku}` : ''}
        </span>
        {p.heldReason ? (
          <span className="mt-1 block rounded bg-red-50 px-2 py-1 text-xs font-semibold text-red-900">
            {p.heldReason}
          </span>
        ) : (
          !p.active && (
            <span className="mt-1 inline-block rounded bg-gray-200 px-2 text-xs font-semibold text-gray-800">
              Hidden
            </span>
          )
        )}
        {saved && (
          <span
            role="status"
            className="ml-1 mt-1 inline-block rounded bg-brand-50 px-2 text-xs font-semibold text-brand-900"
          >
            Saved
          </span>
        )}
      </th>
      <td className="mt-2 flex gap-2 md:mt-0 md:table-cell md:p-3">
        <div className="flex-1">
          <label htmlFor={`${form}-price`} className={small}>
            Price (₦)<span className="sr-only"> of {p.name}</span>
          </label>
          <input
            id={`${form}-price`}
            form={form}
            name="price"
            inputMode="decimal"
            defaultValue={koboToInput(p.priceKobo)}
            className="input md:w-28"
          />
        </div>
        <div className="flex-1">
          <label htmlFor={`${form}-sales`} className={small}>
            Sale price (₦)<span className="sr-only"> of {p.name}, empty for none</span>
          </label>
          <input
            id={`${form}-sales`}
            form={form}
            name="sales"
            inputMode="decimal"
            defaultValue={koboToInput(p.salesKobo)}
            placeholder="No sale"
            className="input md:mt-1 md:w-28"
          />
        </div>
      </td>
      <td className="mt-2 block md:mt-0 md:table-cell md:p-3">
        <label htmlFor={`${form}-stock`} className={small}>
          In stock<span className="sr-only"> of {p.name}</span>
        </label>
        <input
          id={`${form}-stock`}
          form={form}
          name="stock"
          inputMode="numeric"
          defaultValue={p.stock}
          className={`input md:w-20 ${p.stock === 0 ? 'border-red-600' : ''}`}
        />
      </td>
      <td className="mt-2 block text-sm text-gray-700 md:mt-0 md:table-cell md:p-3 md:text-right">
        <span className="md:sr-only">Views, last 30 days: </span>
        {p.views30d}
      </td>
      <td className="mt-2 flex flex-wrap gap-2 md:mt-0 md:table-cell md:p-3">
        <Form method="post" id={form} className="inline">
          <input type="hidden" name="intent" value="quick" />
          <input type="hidden" name="id" value={p.id} />
          <button type="submit" className="btn-primary min-w-20" disabled={busy}>
            Save<span className="sr-only"> price and stock of {p.name}</span>
          </button>
        </Form>
        {/* Only staff put back a product they hid (its reason shows above). */}
        {!p.heldReason && (
          <Form method="post" className="inline md:ml-2">
            <input type="hidden" name="intent" value="active" />
            <input type="hidden" name="id" value={p.id} />
            <input type="hidden" name="active" value={p.active ? 'false' : 'true'} />
            <button type="submit" className="btn-ghost" disabled={busy}>
              {p.active ? 'Hide' : 'Show'}
              <span className="sr-only"> {p.name}</span>
            </button>
          </Form>
        )}
        {answer && (
          <p role="alert" className="mt-1 w-full text-sm font-medium text-red-800">
            {answer.message}
          </p>
        )}
      </td>
    </tr>
  );
}

export default function StoreProducts({ loaderData, actionData }: Route.ComponentProps) {
  const d = loaderData;
  const answer = actionData as Answer | undefined;
  const busy = useNavigation().state !== 'idle';
  if (d.noStore) return <OpenStoreFirst title="My products" />;
  const { filters: f, list, categories, paged, saved } = d;
  const c = list.counts;
  const chips: [string, number, Partial<ProductFilters>][] = [
    ['All', c.total, {}],
    ['On sale', c.active, { status: 'active' }],
    ['Hidden', c.inactive, { status: 'inactive' }],
    ['Out of stock', c.outOfStock, { stock: 'out' }],
    ['Running low', c.lowStock, { stock: 'low', sort: 'stock' }],
  ];
  return (
    <main id="main" className="container-page space-y-4 py-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">My products</h1>
          <p className="text-sm text-gray-700">
            <Link to="/user/store" className="underline">
              My Store Dashboard
            </Link>
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link to="/user/store/products/import" className="btn-ghost">
            Import from CSV
          </Link>
          <Link to="/user/store/product/0" className="btn-primary">
            Add product
          </Link>
        </div>
      </div>
      <nav aria-label="Product groups">
        <ul className="flex flex-wrap gap-2 text-sm">
          {chips.map(([label, n, q]) => (
            <li key={label}>
              <Link
                to={productsUrl(q)}
                className="inline-flex min-h-11 items-center rounded-full border border-gray-300 bg-white px-3 hover:bg-gray-100"
              >
                {label}: <strong className="ml-1">{n}</strong>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <Filters f={f} categories={categories} />
      {answer && !answer.id && <FormMessage type="error">{answer.message}</FormMessage>}
      {list.items.length === 0 ? (
        <div className="card p-6 text-center">
          <h2 className="text-lg font-semibold">
            {c.total === 0 ? 'No products yet' : 'No product matches'}
          </h2>
          <p className="mt-2 text-gray-700">
            {c.total === 0 ? (
              <Link to="/user/store/product/0" className="underline">
                Add your first product
              </Link>
            ) : (
              <Link to="/user/store/products" className="underline">
                Show all your products
              </Link>
            )}
          </p>
        </div>
      ) : (
        <div className="card md:overflow-x-auto">
          <table className="block w-full text-left text-sm md:table">
            <caption className="sr-only">Your products, with quick price and stock edits</caption>
            <thead className="hidden bg-gray-100 text-gray-700 md:table-header-group">
              <tr>
                <th scope="col" className="p-3">
                  Product
                </th>
                <th scope="col" className="p-3">
                  Price and sale price (₦)
                </th>
                <th scope="col" className="p-3">
                  In stock
                </th>
                <th scope="col" className="p-3 text-right">
                  Views (30 days)
                </th>
                <th scope="col" className="p-3">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="block md:table-row-group">
              {list.items.map((p) => (
                <Row
                  key={p.id}
                  p={p}
                  saved={saved === p.id}
                  answer={answer?.id === p.id ? answer : undefined}
                  busy={busy}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <nav aria-label="Pages" className="flex flex-wrap gap-2">
        {paged && (
          <Link to={productsUrl(f)} className="btn-ghost">
            First page
          </Link>
        )}
        {list.hasMore && (
          <Link to={productsUrl(f, list.lastId)} className="btn-ghost">
            Next page
          </Link>
        )}
      </nav>
    </main>
  );
}
