import { Form } from 'react-router';
import { LITE_COOKIE, liteChoice } from '@sf/shared';
import { redirect } from '../lib/redirect.ts';
import type { Route } from './+types/data-saver';

export const meta: Route.MetaFunction = () => [
  { title: 'Data saver | SpareFinder NG' },
  { name: 'robots', content: 'noindex' },
];

/** Lite mode (docs/decisions/0028): the visitor's choice, or their browser's Save-Data. */
export async function loader({ request }: Route.LoaderArgs) {
  const choice = liteChoice(request.headers.get('cookie'));
  const saveData = request.headers.get('save-data')?.trim().toLowerCase() === 'on';
  return { on: choice ?? saveData, choice, saveData };
}

export async function action({ request }: Route.ActionArgs) {
  const f = await request.formData();
  const on = f.get('on') === '1';
  const https =
    request.url.startsWith('https:') || request.headers.get('x-forwarded-proto') === 'https';
  // A year; not HttpOnly-worthy (it holds no secret) but kept from scripts anyway.
  const cookie = `${LITE_COOKIE}=${on ? 1 : 0}; Path=/; Max-Age=31536000; SameSite=Lax; HttpOnly${https ? '; Secure' : ''}`;
  throw redirect('/data-saver', { status: 303, headers: { 'Set-Cookie': cookie } });
}

export default function DataSaver({ loaderData }: Route.ComponentProps) {
  const { on, choice, saveData } = loaderData;
  return (
    <main id="main" className="container-page max-w-2xl py-6">
      <h1 className="text-2xl font-bold">Data saver</h1>
      <p className="mt-2 text-gray-700">
        With data saver on, pages show no pictures until you tap them: a list of parts costs a few
        kilobytes instead of hundreds.
      </p>
      <p className="mt-3 font-semibold" data-testid="data-saver-state">
        Data saver is {on ? 'on' : 'off'}
        {choice === null && saveData ? ' (your browser asks to save data)' : ''}.
      </p>
      <Form method="post" className="mt-3">
        <input type="hidden" name="on" value={on ? '0' : '1'} />
        <button type="submit" className="btn-primary">
          {on ? 'Turn data saver off' : 'Turn data saver on'}
        </button>
      </Form>
    </main>
  );
}
