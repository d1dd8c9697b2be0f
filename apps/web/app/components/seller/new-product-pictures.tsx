import { useEffect, useState } from 'react';
import { IMAGE_ACCEPT, IMAGE_MAX_BYTES, PRODUCT_IMAGES_MAX, plural } from '@sf/shared';
import { heldPictures, holdPictures } from '../../lib/pending-pictures.ts';

/**
 * Pictures on the new-product form: chosen before the first save and sent right after it (see
 * lib/pending-pictures.ts). The file field has no name, so the form itself never carries them.
 * Without JavaScript the field does nothing and the hint says where pictures go instead.
 */
export function NewProductPictures() {
  const [files, setFiles] = useState<File[]>(() => heldPictures());
  const [urls, setUrls] = useState<string[]>([]);
  const [problem, setProblem] = useState('');
  const [js, setJs] = useState(false);
  useEffect(() => setJs(true), []);
  useEffect(() => {
    const made = files.map((f) => URL.createObjectURL(f));
    setUrls(made);
    return () => made.forEach((u) => URL.revokeObjectURL(u));
  }, [files]);

  function choose(list: FileList | null) {
    const all = [...(list ?? [])];
    const tooBig = all.filter((f) => f.size > IMAGE_MAX_BYTES);
    const ok = all.filter((f) => f.size <= IMAGE_MAX_BYTES).slice(0, PRODUCT_IMAGES_MAX);
    setProblem(
      tooBig.length
        ? `${plural(tooBig.length, 'picture')} over ${IMAGE_MAX_BYTES / (1024 * 1024)} MB left out.`
        : all.length > PRODUCT_IMAGES_MAX
          ? `A product has at most ${PRODUCT_IMAGES_MAX} pictures: the first ${PRODUCT_IMAGES_MAX} are kept.`
          : '',
    );
    holdPictures(ok);
    setFiles(ok);
  }

  return (
    <section className="card space-y-3 p-4" aria-labelledby="new-img-h">
      <h2 id="new-img-h" className="text-lg font-bold">
        Pictures
      </h2>
      <div>
        <label htmlFor="f-new-pictures" className="label">
          Add pictures (up to {PRODUCT_IMAGES_MAX})
        </label>
        <input
          id="f-new-pictures"
          type="file"
          accept={IMAGE_ACCEPT}
          multiple
          onChange={(e) => choose(e.currentTarget.files)}
          aria-describedby="f-new-pictures-hint"
          className="block w-full text-sm file:mr-3 file:min-h-11 file:rounded-lg file:border-0 file:bg-brand-50 file:px-4 file:font-semibold file:text-brand-800"
          data-testid="new-pictures"
        />
        <p id="f-new-pictures-hint" className="mt-1 text-sm text-gray-700">
          {js
            ? 'They are sent as soon as the product is saved. The first one shows in lists.'
            : 'Save the product first: its page then takes the pictures.'}
        </p>
      </div>
      {problem && (
        <p role="alert" className="text-sm font-medium text-red-800">
          {problem}
        </p>
      )}
      {files.length > 0 && (
        <ul className="grid grid-cols-4 gap-2" aria-label="Pictures to add">
          {urls.map((u, i) => (
            <li key={u}>
              <img
                src={u}
                alt={`Picture ${i + 1}${i === 0 ? ' (main)' : ''}`}
                className="aspect-[4/3] w-full rounded-lg border border-gray-200 object-cover"
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
