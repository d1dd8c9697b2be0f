import { data, Form, useNavigation } from 'react-router';
import { CONDITION_LABELS } from '@sf/shared';
import { formStatus, serverApi } from '../../lib/api.server.ts';
import { field, requireUser } from '../../lib/auth.server.ts';
import { redirect } from '../../lib/redirect.ts';
import { signedIn } from '../../lib/signed-in.server.ts';
import { loadFitmentOptions, loadProductForm } from '../../lib/seller.server.ts';
import {
  EMPTY_FITMENT,
  formFields,
  productBody,
  readProductForm,
  type ProductDraft,
  type SellerProduct,
} from '../../lib/seller.ts';
import { Field, FormMessage, TextAreaField } from '../../components/form-field.tsx';
import { CategoryPicker } from '../../components/seller/category-picker.tsx';
import { FitmentEditor } from '../../components/seller/fitment-editor.tsx';
import { ProductPictures } from '../../components/seller/product-pictures.tsx';
import { NewProductPictures } from '../../components/seller/new-product-pictures.tsx';
import { OpenStoreFirst } from '../../components/seller/open-store-first.tsx';
import type { Route } from './+types/store-product';
import { Link } from '../../components/link.tsx';

/** Where a seller lifts the product limit of their plan. */
const PLANS_PAGE = '/user/store/subscriptions';

export const meta: Route.MetaFunction = ({ data: d }) => [
  {
    title: `${d && !d.noStore && d.product ? `Edit ${d.product.name}` : 'Add a product'} | SpareFinder NG`,
  },
];

export const loader = ({ request, context, params }: Route.LoaderArgs) =>
  loadProductForm(request, context, params.id);

type Answer = {
  ok: false;
  message: string;
  fields: Record<string, string>;
  draft: ProductDraft;
  models?: Record<string, { label: string; value: number }[]>;
};

/**
 * Saves the product (intent save), or, without JavaScript, comes back with one more fitment
 * row (addrow) or with the models of the chosen makes (models): nothing is saved then.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  await requireUser(request, context, ['Seller', 'Admin']);
  const raw = params.id ?? '';
  const id = /^\d{1,10}$/.test(raw) && Number(raw) <= 2147483647 ? Number(raw) : -1;
  if (id < 0) throw data({ message: 'Product not found' }, { status: 404 });
  const form = await request.formData();
  const intent = field(form, 'intent') || 'save';
  if (intent === 'image-delete' || intent === 'image-first')
    return pictureAction(request, context, id, intent, field(form, 'key'));
  const draft = readProductForm(form);
  const back = async (message: string, fields: Record<string, string>, status: number) =>
    data<Answer>(
      {
        ok: false,
        message,
        fields,
        draft,
        models: (await loadFitmentOptions(context, draft)).models,
      },
      { status },
    );
  if (intent === 'addrow') {
    draft.fitments.push({ ...EMPTY_FITMENT });
    return back('', {}, 200);
  }
  if (intent === 'models') return back('', {}, 200);
  const built = productBody(draft);
  if (!built.ok) return back('Please correct the marked fields', built.fields, 400);
  const api = serverApi(context);
  const ans = signedIn(
    request,
    id === 0
      ? await api.post('/api/store/products', built.body)
      : await api.patch(`/api/store/products/${id}`, built.body),
  );
  if (!ans.status)
    return back(
      ans.message ?? 'The product could not be saved',
      formFields(ans.fields as Record<string, string> | undefined, built.rowOf),
      formStatus(ans),
    );
  const saved = ans.item as SellerProduct;
  return redirect(`/user/store/product/${saved.id}?saved=${id === 0 ? 'added' : 'saved'}`);
}

/**
 * The small picture forms: delete one, or make one the main (first) picture. They come back to
 * the page with `?saved=pictures`, or like a refused upload with `?uploadError=<code>`.
 */
async function pictureAction(
  request: Request,
  context: unknown,
  id: number,
  intent: 'image-delete' | 'image-first',
  key: string,
) {
  const api = serverApi(context);
  const url = `/api/store/products/${id}/images`;
  let ans;
  if (intent === 'image-delete') ans = await api.del(`${url}/${encodeURIComponent(key)}`);
  else {
    const now = await api.get<never>(url);
    const keys = ((now as { images?: { key: string }[] }).images ?? []).map((i) => i.key);
    ans = now.status ? await api.put(url, { order: [key, ...keys.filter((k) => k !== key)] }) : now;
  }
  signedIn(request, ans);
  const code = ans.status ? null : typeof ans.code === 'string' ? ans.code : 'BAD_REQUEST';
  return redirect(`/user/store/product/${id}?${code ? `uploadError=${code}` : 'saved=pictures'}`);
}

export default function StoreProduct({ loaderData, actionData }: Route.ComponentProps) {
  const d = loaderData;
  const answer = actionData as Answer | undefined;
  const busy = useNavigation().state !== 'idle';
  if (d.noStore) return <OpenStoreFirst title="Add a product" />;
  const { id, product, categories, options, saved } = d;
  const draft = answer?.draft ?? d.draft;
  const f = answer?.fields ?? {};
  const models = { ...options.models, ...answer?.models };
  // There is always a row to fill in (a row without a make is left out when saving).
  const rows = draft.fitments.length ? draft.fitments : [{ ...EMPTY_FITMENT }];
  return (
    <main id="main" className="container-page max-w-3xl space-y-4 py-5">
      <div>
        <p className="text-sm">
          <Link to="/user/store/products" className="underline">
            My products
          </Link>{' '}
          ·{' '}
          <Link to="/user/store" className="underline">
            My Store Dashboard
          </Link>
        </p>
        <h1 className="text-2xl font-bold">{product ? `Edit ${product.name}` : 'Add a product'}</h1>
        {product && (
          <p className="text-sm text-gray-700">
            {product.active ? 'On sale' : 'Hidden from buyers'} · {product.views30d} views in the
            last 30 days ·{' '}
            <Link to={product.url} className="underline">
              See it as buyers do
            </Link>
          </p>
        )}
        {product?.heldReason && (
          <p role="alert" className="rounded bg-red-50 p-3 text-sm font-semibold text-red-900">
            {product.heldReason}
          </p>
        )}
      </div>
      {saved && !answer && (
        <FormMessage type="success">
          {saved === 'added' ? 'Your product is added.' : 'Your changes are saved.'}{' '}
          <Link to="/user/store/product/0" className="underline">
            Add another product
          </Link>
        </FormMessage>
      )}
      {answer?.message && (
        <FormMessage type="error">
          {answer.message}
          {/* The plan's product limit (409 PLAN_LIMIT) names the page that lifts it. */}
          {answer.message.includes(PLANS_PAGE) && (
            <>
              {' '}
              <Link to={PLANS_PAGE} className="underline">
                See the plans
              </Link>
            </>
          )}
        </FormMessage>
      )}
      <Form
        method="post"
        className="space-y-5"
        // A new form after each answer, so the fields show what came back.
        key={answer ? JSON.stringify(answer.draft) : `loaded-${id}-${saved ?? ''}`}
      >
        {/* Enter in a field saves: the first submit button is the form's default, and the
            fitment editor's buttons (add a row, load models) come before the visible one. */}
        <button
          type="submit"
          name="intent"
          value="save"
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
        >
          Save
        </button>
        <section className="card space-y-4 p-4" aria-labelledby="part-h">
          <h2 id="part-h" className="text-lg font-bold">
            The part
          </h2>
          <Field
            name="name"
            label="Name"
            defaultValue={draft.name}
            required
            minLength={3}
            maxLength={120}
            hint='What buyers search for, like "Toyota Camry front brake pads"'
            error={f.name}
          />
          <Field
            name="title"
            label="Short title (optional)"
            defaultValue={draft.title}
            maxLength={160}
            error={f.title}
          />
          <TextAreaField
            name="description"
            label="Description (optional)"
            inputClassName="py-2"
            defaultValue={draft.description}
            maxLength={5000}
            rows={5}
          />
          <CategoryPicker
            tree={categories}
            name="catId"
            value={draft.catId}
            error={f.catId}
            required
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              name="partNumber"
              label="Part number (optional)"
              defaultValue={draft.partNumber}
              maxLength={60}
              error={f.partNumber}
            />
            <fieldset>
              <legend className="label">Condition</legend>
              <div className="flex gap-4">
                {[1, 2].map((c) => (
                  <label key={c} className="inline-flex min-h-11 items-center gap-2">
                    <input
                      type="radio"
                      name="condition"
                      value={c}
                      defaultChecked={draft.condition === String(c)}
                      className="h-5 w-5"
                    />
                    {CONDITION_LABELS[c]}
                  </label>
                ))}
              </div>
            </fieldset>
          </div>
        </section>

        <section className="card space-y-4 p-4" aria-labelledby="price-h">
          <h2 id="price-h" className="text-lg font-bold">
            Price and stock
          </h2>
          <div className="grid gap-4 sm:grid-cols-3">
            <Field
              name="price"
              label="Price (₦)"
              defaultValue={draft.price}
              inputMode="decimal"
              required
              placeholder="18500"
              error={f.price}
            />
            <Field
              name="sales"
              label="Sale price (₦, optional)"
              defaultValue={draft.sales}
              inputMode="decimal"
              hint="Below the price; empty: not on sale"
              error={f.sales}
            />
            <Field
              name="stock"
              label="In stock"
              defaultValue={draft.stock}
              inputMode="numeric"
              required
              error={f.stock}
            />
          </div>
          <label className="inline-flex min-h-11 items-center gap-2">
            <input
              type="checkbox"
              name="active"
              defaultChecked={draft.active}
              className="h-5 w-5"
            />
            On sale (untick to hide it from buyers)
          </label>
        </section>

        <section className="card p-4">
          <FitmentEditor rows={rows} makes={options.makes} models={models} errors={f} />
        </section>

        {/* A new product takes its pictures with its first save (sent just after it). */}
        {!product && <NewProductPictures />}

        <div className="flex flex-wrap gap-2">
          <button type="submit" name="intent" value="save" className="btn-primary" disabled={busy}>
            {id === 0 ? 'Add product' : 'Save changes'}
          </button>
          <Link to="/user/store/products" className="btn-ghost">
            Cancel
          </Link>
        </div>
      </Form>
      {product && <ProductPictures product={product} />}
    </main>
  );
}
