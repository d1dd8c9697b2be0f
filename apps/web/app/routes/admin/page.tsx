import { data, Form, useNavigation } from 'react-router';
import { requireAdmin } from '../../lib/admin.server.ts';
import { loadPage, savePage } from '../../lib/admin-pages.server.ts';
import { loadAuditTrail } from '../../lib/audit.server.ts';
import { AuditTrail } from '../../components/AuditTrail.tsx';
import { Field, FormMessage, TextAreaField } from '../../components/form-field.tsx';
import { RichText } from '../../components/rich-text.tsx';
import type { Route } from './+types/page';
import { Link } from '../../components/link.tsx';

export const meta: Route.MetaFunction = ({ data: d }) => [
  { title: `Admin: ${d?.item.title ?? 'help page'} | SpareFinder NG` },
];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const [page, trail] = await Promise.all([
    loadPage(context, params.slug!),
    loadAuditTrail(context, 'page', params.slug!.toLowerCase()),
  ]);
  return { ...page, trail };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  await requireAdmin(request, context);
  const r = await savePage(context, params.slug!, await request.formData());
  return data(r, { status: r.status });
}

export default function AdminPage({ loaderData, actionData }: Route.ComponentProps) {
  const { item, sections, trail } = loaderData;
  const done = actionData;
  const busy = useNavigation().state !== 'idle';
  // One blank pair at the end adds a section; clearing a pair removes it.
  const rows = [...sections, { position: sections.length + 1, heading: '', body: '' }];
  return (
    <main id="main">
      <p className="text-sm">
        <Link to="/admin/pages" className="underline">
          Help pages
        </Link>{' '}
        ·{' '}
        <Link to={`/static/${item.slug}`} className="underline">
          View /static/{item.slug}
        </Link>
      </p>
      <h1 className="mt-1 text-2xl font-bold">{item.title}</h1>
      <p className="mt-1 text-sm text-gray-700">
        Text is plain with a little Markdown: a blank line between paragraphs, &apos;## &apos; for a
        subheading, &apos;- &apos; for a bullet, **bold**. Nothing is read as HTML.
      </p>
      {done && !busy && (
        <div className="mt-4">
          <FormMessage type={done.ok ? 'success' : 'error'}>{done.message}</FormMessage>
        </div>
      )}
      <Form method="post" className="card mt-4 grid gap-3 p-4">
        <Field
          name="title"
          id="title"
          label="Title"
          required
          maxLength={120}
          defaultValue={item.title}
        />
        <Field
          name="summary"
          id="summary"
          label="Summary"
          maxLength={300}
          defaultValue={item.summary}
        />
        <TextAreaField
          name="body"
          id="body"
          label="Body"
          inputClassName="py-2"
          rows={8}
          maxLength={20000}
          defaultValue={item.body}
        />
        <fieldset className="grid gap-3">
          <legend className="mb-1 font-semibold">Sections</legend>
          {rows.map((s, i) => (
            <div key={i} className="grid gap-2 rounded border border-gray-200 p-3">
              <label htmlFor={`heading-${i}`} className="label">
                {i < sections.length ? `Section ${i + 1} heading` : 'New section heading'}
              </label>
              <input
                id={`heading-${i}`}
                name={`heading-${i}`}
                maxLength={200}
                defaultValue={s.heading}
                className="input"
              />
              <label htmlFor={`body-${i}`} className="label">
                {i < sections.length ? `Section ${i + 1} text` : 'New section text'}
              </label>
              <textarea
                id={`body-${i}`}
                name={`body-${i}`}
                rows={3}
                maxLength={5000}
                defaultValue={s.body}
                className="input py-2"
              />
            </div>
          ))}
        </fieldset>
        <Field name="note" id="note" label="Note for the audit log (optional)" maxLength={500} />
        <button className="btn-primary" disabled={busy}>
          Save page
        </button>
      </Form>
      <section aria-labelledby="preview-h" className="card mt-4 p-4">
        <h2 id="preview-h" className="text-lg font-bold">
          As saved
        </h2>
        <RichText source={item.body} className="mt-2" />
      </section>
      <section aria-labelledby="audit-h" className="mt-4">
        <h2 id="audit-h" className="mb-2 text-lg font-bold">
          Staff actions
        </h2>
        <AuditTrail items={trail} />
      </section>
    </main>
  );
}
