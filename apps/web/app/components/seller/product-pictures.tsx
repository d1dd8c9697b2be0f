import { useEffect, useState } from 'react';
import { Form, useNavigation, useRevalidator } from 'react-router';
import { PRODUCT_IMAGES_MAX, plural } from '@sf/shared';
import type { SellerProduct } from '../../lib/seller.ts';
import { takePictures } from '../../lib/pending-pictures.ts';
import { FormMessage } from '../form-field.tsx';
import { sendPictures, UploadForm } from '../upload-form.tsx';

/** Sends the pictures chosen on the new-product form, once, as soon as the product exists. */
function usePicturesFromNewForm(productId: number) {
  const revalidator = useRevalidator();
  const [said, setSaid] = useState<{ ok: boolean; text: string } | null>(null);
  useEffect(() => {
    const files = takePictures();
    if (!files.length) return;
    setSaid({ ok: true, text: `Adding ${plural(files.length, 'picture')}…` });
    void sendPictures(`/api/store/products/${productId}/images`, 'images', files).then(
      async (ans) => {
        setSaid(
          ans.status
            ? { ok: true, text: `${plural(files.length, 'picture')} added.` }
            : {
                ok: false,
                text: ans.message ?? 'The pictures could not be added: try again below.',
              },
        );
        if (ans.status) await revalidator.revalidate();
      },
    );
    // Once per product page: the held pictures are taken on the first run.
  }, [productId]);
  return said;
}

/**
 * A product's pictures on its edit page: each with "Make main picture" and "Delete" (small page
 * forms, intents of the page's action), and the upload form (straight to the API, decision 0013).
 * The first picture is the one lists and cards show.
 */
export function ProductPictures({ product }: { product: SellerProduct }) {
  const busy = useNavigation().state !== 'idle';
  const fromNewForm = usePicturesFromNewForm(product.id);
  const { images } = product;
  const full = images.length >= PRODUCT_IMAGES_MAX;
  return (
    <section className="card space-y-4 p-4" aria-labelledby="img-h">
      <div>
        <h2 id="img-h" className="text-lg font-bold">
          Pictures ({images.length} of {PRODUCT_IMAGES_MAX})
        </h2>
        <p className="text-sm text-gray-700">
          The first picture shows in search results and lists. Photos are made smaller before they
          are sent, and the location and camera details are removed.
        </p>
      </div>
      {fromNewForm && (
        <FormMessage type={fromNewForm.ok ? 'success' : 'error'}>{fromNewForm.text}</FormMessage>
      )}
      {images.length > 0 && (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label="Pictures of this product">
          {images.map((img, i) => (
            <li key={img.key} className="space-y-2">
              <img
                src={img.src}
                width={160}
                height={120}
                alt={`${product.name}, picture ${i + 1}${i === 0 ? ' (main)' : ''}`}
                className="aspect-[4/3] w-full rounded-lg border border-gray-200 object-contain"
              />
              <Form method="post" className="flex flex-wrap gap-1">
                <input type="hidden" name="key" value={img.key} />
                {i > 0 && (
                  <button
                    type="submit"
                    name="intent"
                    value="image-first"
                    className="btn-ghost min-h-11 px-2 text-sm"
                    disabled={busy}
                    aria-label={`Make picture ${i + 1} the main picture`}
                  >
                    Make main
                  </button>
                )}
                <button
                  type="submit"
                  name="intent"
                  value="image-delete"
                  className="btn-ghost min-h-11 px-2 text-sm text-red-800"
                  disabled={busy}
                  aria-label={`Delete picture ${i + 1}`}
                >
                  Delete
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
      <UploadForm
        action={`/api/store/products/${product.id}/images`}
        name="images"
        label={full ? 'This product has all its pictures' : 'Add pictures'}
        hint={
          full
            ? 'Delete one to add another.'
            : `Up to ${PRODUCT_IMAGES_MAX - images.length} more; choose several at once.`
        }
        button="Upload pictures"
        done="Your pictures are added."
        multiple
        disabled={full}
      />
    </section>
  );
}
