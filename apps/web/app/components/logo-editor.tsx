import { Form, useSearchParams } from 'react-router';
import { FormMessage } from './form-field.tsx';
import { UploadForm } from './upload-form.tsx';

/**
 * A business's logo (a store, a workshop, a garage): what shows now and the upload form
 * (straight to the API, decision 0013). The drawn initials tile shows until a logo is uploaded.
 */
export function LogoEditor({
  logo,
  name,
  action,
  hidden = {},
}: {
  /** The logo shown now (the uploaded one or the drawn tile). */
  logo: string;
  /** The business's name, for the picture's text. */
  name: string;
  /** The API route taking the file. */
  action: string;
  /** Fields the "Remove logo" page form sends along (which listing). */
  hidden?: Record<string, string>;
}) {
  const own = logo.startsWith('/images/logos/');
  const [params] = useSearchParams();
  return (
    <section className="card p-4" aria-labelledby="logo-h">
      <h2 id="logo-h" className="mb-3 text-lg font-bold">
        Logo
      </h2>
      {params.get('logo') === 'removed' && (
        <FormMessage type="success">Your logo is removed: your initials show instead.</FormMessage>
      )}
      <div className="flex flex-wrap items-start gap-4">
        <div className="space-y-2">
          <img
            src={logo}
            width={96}
            height={96}
            alt={own ? `Logo of ${name}` : `Initials of ${name} (no logo yet)`}
            className="size-24 rounded-lg border border-gray-200 bg-white object-contain"
          />
          {own && (
            <Form method="post">
              {Object.entries(hidden).map(([k, v]) => (
                <input key={k} type="hidden" name={k} value={v} />
              ))}
              <button
                type="submit"
                name="intent"
                value="logo-remove"
                className="btn-ghost min-h-11 px-2 text-sm text-red-800"
              >
                Remove logo
              </button>
            </Form>
          )}
        </div>
        <div className="min-w-60 flex-1">
          <UploadForm
            action={action}
            name="logo"
            label={own ? 'Change the logo' : 'Upload a logo'}
            hint="Shown as a square on your page and in lists."
            button="Upload logo"
            done="Your logo is saved."
          />
        </div>
      </div>
    </section>
  );
}
