import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { IMPORT_COLUMNS, IMPORT_MAX_ROWS, importErrorMessage, plural } from '@sf/shared';
import type { ImportItem } from '@sf/api/types';
import { browserApi } from '../../lib/api.ts';
import { when } from '../../lib/dates.ts';
import { loadImportPage } from '../../lib/seller.server.ts';
import { FormMessage } from '../../components/form-field.tsx';
import { OpenStoreFirst } from '../../components/seller/open-store-first.tsx';
import type { Route } from './+types/store-import';
import { Link } from '../../components/link.tsx';

export const meta: Route.MetaFunction = () => [{ title: 'Import products | SpareFinder NG' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadImportPage(request, context);
}

const PAGE = '/user/store/products/import';
const TEMPLATE = '/api/store/imports/template.csv';
const running = (i: ImportItem) => i.status === 'queued' || i.status === 'running';

const STATUS_WORDS: Record<ImportItem['status'], string> = {
  queued: 'Waiting to start',
  running: 'Importing',
  done: 'Finished',
  failed: 'Stopped',
};

/** Polls the import every second while it runs (JavaScript on); the page works without it. */
function useLiveImport(initial: ImportItem | null) {
  const [item, setItem] = useState(initial);
  useEffect(() => setItem(initial), [initial]);
  useEffect(() => {
    if (!item || !running(item)) return;
    const timer = setTimeout(async () => {
      const ans = await browserApi.get(`/api/store/imports/${item.id}`);
      if (ans.status) setItem(ans.item as ImportItem);
      else setItem({ ...item }); // try again in a second
    }, 1000);
    return () => clearTimeout(timer);
  }, [item]);
  return item;
}

/**
 * The latest imports, kept current without a reload: read again every few seconds while one of
 * them (or the one on show) is under way, and once more when the one on show ends.
 */
function useLiveImports(initial: ImportItem[], current: ImportItem | null) {
  const [items, setItems] = useState(initial);
  useEffect(() => setItems(initial), [initial]);
  const busy = items.some(running) || (current !== null && running(current));
  const currentStatus = current?.status;
  const shownStatus = useRef(currentStatus);
  useEffect(() => {
    let stop = false;
    const read = async () => {
      const ans = await browserApi.get('/api/store/imports');
      if (!stop && ans.status) setItems((ans.items ?? []) as ImportItem[]);
    };
    // The one on show moved on (it finished): the list says so at once.
    if (shownStatus.current !== currentStatus) void read();
    shownStatus.current = currentStatus;
    if (!busy)
      return () => {
        stop = true;
      };
    const timer = setInterval(() => void read(), 3000);
    return () => {
      stop = true;
      clearInterval(timer);
    };
  }, [busy, currentStatus]);
  return items;
}

function Progress({ item }: { item: ImportItem }) {
  const total = item.totalRows ?? 0;
  const pct = total ? Math.round((item.processedRows / total) * 100) : 0;
  return (
    <div className="space-y-2">
      <label htmlFor="import-progress" className="block text-sm font-semibold">
        {STATUS_WORDS[item.status]}: {item.processedRows.toLocaleString('en-NG')} of{' '}
        {plural(total, 'row')} read
      </label>
      <progress
        id="import-progress"
        className="h-3 w-full accent-brand-700"
        max={total || 1}
        value={item.processedRows}
      >
        {pct}%
      </progress>
      {running(item) && (
        <p className="text-sm text-gray-700">
          You can leave this page: the import goes on, and this page shows it when you come back.{' '}
          <a href={`${PAGE}?id=${item.id}`} className="font-semibold text-brand-800 underline">
            Refresh
          </a>
        </p>
      )}
    </div>
  );
}

function Report({ item }: { item: ImportItem }) {
  return (
    <div className="space-y-3">
      {item.status === 'failed' ? (
        <FormMessage type="error">{item.message}</FormMessage>
      ) : (
        <FormMessage type={item.badRows ? 'warning' : 'success'}>
          {plural(item.created, 'product')} added, {item.updated.toLocaleString('en-NG')} updated
          {item.badRows
            ? `, ${plural(item.badRows, 'row')} not imported (below: fix them in your file and import it again; the rows already in update their products)`
            : ': every row was imported'}
          .
        </FormMessage>
      )}
      {item.problems.length > 0 && (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm" data-testid="import-report">
            <caption className="sr-only">Rows not imported</caption>
            <thead className="bg-gray-100">
              <tr>
                <th scope="col" className="p-2">
                  Row
                </th>
                <th scope="col" className="p-2">
                  Column
                </th>
                <th scope="col" className="p-2">
                  What is wrong
                </th>
              </tr>
            </thead>
            <tbody>
              {item.problems.map((p, i) => (
                <tr key={`${p.row}-${p.field}-${i}`} className="border-t border-gray-200 align-top">
                  <td className="p-2 font-semibold">{p.row}</td>
                  <td className="p-2">
                    <code>{p.field}</code>
                  </td>
                  <td className="p-2">{p.message}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {item.moreProblems > 0 && (
            <p className="mt-2 text-sm text-gray-700">
              And {item.moreProblems.toLocaleString('en-NG')} more rows not imported.
            </p>
          )}
        </div>
      )}
    </div>
  );
}

function UploadForm({ error }: { error: string | null }) {
  const navigate = useNavigate();
  const [message, setMessage] = useState<string | null>(error);
  const [busy, setBusy] = useState(false);
  useEffect(() => setMessage(error), [error]);
  // With JavaScript: the API's own message (which row, which byte) on this page, no reload.
  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setBusy(true);
    setMessage(null);
    const ans = await browserApi.post('/api/store/imports', new FormData(e.currentTarget));
    setBusy(false);
    if (!ans.status) return setMessage(ans.message ?? 'The import could not start');
    void navigate(`${PAGE}?id=${(ans.item as ImportItem).id}`);
  }
  return (
    <form
      method="post"
      action="/api/store/imports"
      encType="multipart/form-data"
      onSubmit={submit}
      className="card space-y-3 p-4"
    >
      <h2 className="text-lg font-semibold">Upload your file</h2>
      <div>
        <label htmlFor="import-file" className="label">
          CSV file (UTF-8, up to {IMPORT_MAX_ROWS.toLocaleString('en-NG')} rows)
        </label>
        <input
          id="import-file"
          name="file"
          type="file"
          accept=".csv,text/csv"
          required
          className="block w-full text-sm"
          aria-describedby={message ? 'import-error' : undefined}
        />
      </div>
      {message && (
        <div id="import-error">
          <FormMessage type="error">{message}</FormMessage>
        </div>
      )}
      <button type="submit" className="btn-primary" disabled={busy}>
        {busy ? 'Uploading…' : 'Import products'}
      </button>
    </form>
  );
}

export default function StoreImport({ loaderData }: Route.ComponentProps) {
  const d = loaderData;
  const current = useLiveImport(d.noStore ? null : d.current);
  const imports = useLiveImports(d.noStore ? [] : d.imports, current);
  if (d.noStore) return <OpenStoreFirst title="Import products" />;
  return (
    <main id="main" className="container-page max-w-4xl space-y-5 py-5">
      <div>
        <h1 className="text-2xl font-bold">Import products from a CSV file</h1>
        <p className="text-sm text-gray-700">
          <Link to="/user/store/products" className="underline">
            My products
          </Link>{' '}
          ·{' '}
          <Link to="/user/store" className="underline">
            My Store Dashboard
          </Link>
        </p>
      </div>

      {current && (
        <section className="card space-y-4 p-4" aria-labelledby="current-import" aria-live="polite">
          <h2 id="current-import" className="text-lg font-semibold">
            {current.fileName}
          </h2>
          <Progress item={current} />
          {!running(current) && <Report item={current} />}
        </section>
      )}

      <ol className="list-decimal space-y-1 pl-5 text-gray-800">
        <li>
          <a href={TEMPLATE} download className="font-semibold text-brand-800 underline">
            Download the template
          </a>{' '}
          and open it in Excel or Google Sheets.
        </li>
        <li>Put one part on each row, under the header (the columns are explained below).</li>
        <li>
          Save it as CSV UTF-8 and upload it. Good rows are imported, the others listed with what to
          fix; import the mended file again and nothing is added twice (rows are matched by their
          SKU).
        </li>
      </ol>

      <UploadForm error={d.current ? null : importErrorMessage(d.uploadError)} />

      <section className="card p-4" aria-labelledby="columns">
        <h2 id="columns" className="text-lg font-semibold">
          The columns
        </h2>
        <dl className="mt-2 space-y-2 text-sm">
          {IMPORT_COLUMNS.map((c) => (
            <div key={c.name} className="md:flex md:gap-3">
              <dt className="font-semibold md:w-36 md:shrink-0">
                <code>{c.name}</code>
                {c.required ? ' (required)' : ''}
              </dt>
              <dd className="text-gray-700">{c.how}</dd>
            </div>
          ))}
        </dl>
      </section>

      {imports.length > 0 && (
        <section aria-labelledby="recent" className="space-y-2">
          <h2 id="recent" className="text-lg font-semibold">
            Your latest imports
          </h2>
          <ul
            className="divide-y divide-gray-200 rounded border border-gray-200 bg-white text-sm"
            data-testid="recent-imports"
          >
            {imports.map((i) => (
              <li key={i.id} className="flex flex-wrap justify-between gap-2 p-3">
                <Link to={`${PAGE}?id=${i.id}`} className="font-semibold text-brand-800 underline">
                  {i.fileName}
                </Link>
                <span className="text-gray-700">
                  {STATUS_WORDS[i.status]} · {i.created.toLocaleString('en-NG')} added,{' '}
                  {i.updated.toLocaleString('en-NG')} updated, {i.badRows.toLocaleString('en-NG')}{' '}
                  not imported · <time dateTime={i.createdAt}>{when(i.createdAt)}</time>
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </main>
  );
}
