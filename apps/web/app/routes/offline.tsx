import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { offlineFrom, savedPages, type SavedPage } from '../lib/offline.ts';
import type { Route } from './+types/offline';

export const meta: Route.MetaFunction = () => [
  { title: 'No signal | SpareFinder NG' },
  { name: 'robots', content: 'noindex' },
];

/**
 * What the service worker shows for a page it has no copy of while the phone has no signal
 * (docs/decisions/0028). Kept in the app shell, rendered for a guest; lists the pages this
 * phone saved, which open without signal.
 */
export default function Offline() {
  const [pages, setPages] = useState<SavedPage[] | null>(null);
  const again = offlineFrom(useLocation().search) ?? '/';
  useEffect(() => {
    let live = true;
    void savedPages().then((p) => live && setPages(p));
    return () => {
      live = false;
    };
  }, []);
  return (
    <main id="main" className="container-page max-w-2xl py-8">
      <h1 className="text-2xl font-bold">No signal right now</h1>
      <p className="mt-2 text-gray-700">
        This page is not saved on your phone yet. Pages and parts you opened before still open
        without signal, and messages you write are sent when you are back online.
      </p>
      <p className="mt-3">
        <a href={again} className="btn-primary">
          Try again
        </a>
      </p>
      {pages && pages.length > 0 && (
        <section className="mt-6" aria-labelledby="saved-title">
          <h2 id="saved-title" className="text-lg font-bold">
            Open without signal
          </h2>
          <ul className="mt-2 divide-y divide-gray-200 rounded-lg border border-gray-200 bg-white">
            {pages.map((p) => (
              <li key={p.path}>
                <a href={p.path} className="block p-3 text-brand-700 underline">
                  {p.title}
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}
    </main>
  );
}
