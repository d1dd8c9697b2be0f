import type { ReactNode } from 'react';

/**
 * The HTML of shell parts that are the same for every visitor (the footer), rendered once per
 * server process by server-html.server.tsx: React rendering them again on every page cost about
 * 1 ms of a fresh page's 5.5 ms of CPU. Filled on the server only; in the browser the children
 * render and hydrate over the same markup.
 */
export const serverHtml = new Map<string, string>();

export function ServerHtml({ id, children }: { id: string; children: ReactNode }) {
  const html = typeof document === 'undefined' ? serverHtml.get(id) : undefined;
  if (html !== undefined)
    return <div className="contents" dangerouslySetInnerHTML={{ __html: html }} />;
  return <div className="contents">{children}</div>;
}
