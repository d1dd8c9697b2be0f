/** A page this phone saved for reading without signal (the service worker's page copies). */
export interface SavedPage {
  path: string;
  title: string;
}

const SUFFIX = ' | SpareFinder NG';

/** The pages the service worker kept (newest first), with their titles; [] where it cannot. */
export async function savedPages(): Promise<SavedPage[]> {
  if (typeof caches === 'undefined') return [];
  try {
    const names = (await caches.keys()).filter((n) => n.startsWith('sf-pages-'));
    const out: SavedPage[] = [];
    for (const name of names) {
      const cache = await caches.open(name);
      for (const req of [...(await cache.keys())].reverse()) {
        const url = new URL(req.url);
        if (url.pathname.endsWith('.data') || url.pathname === '/offline') continue;
        const res = await cache.match(req);
        const html = res ? await res.text() : '';
        const m = /<title>([^<]*)<\/title>/.exec(html);
        const title = m ? decode(m[1]).replace(SUFFIX, '') : url.pathname;
        out.push({ path: url.pathname + url.search, title: title || 'Home' });
      }
    }
    return out;
  } catch {
    return [];
  }
}

function decode(s: string) {
  const t = document.createElement('textarea');
  t.innerHTML = s;
  return t.value;
}

/** The page the offline page stands in for, when it is a path on this site. */
export function offlineFrom(search: string): string | null {
  const from = new URLSearchParams(search).get('from');
  return from && from.startsWith('/') && !from.startsWith('//') && !from.startsWith('/\\')
    ? from
    : null;
}
