import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useRouteLoaderData,
  useRouteError,
} from 'react-router';
import { useEffect } from 'react';
// Subpaths, not '@sf/shared': the shell's chunk takes in every module it imports, with all that
// any page uses of them (decision 0009).
import { guardReason, hasSessionCookie } from '@sf/shared/auth';
import { guestUser } from '@sf/shared/user';
import { wantsLite } from '@sf/shared/lite';
import type { AuthUser } from '@sf/api/types';
import './app.css';
import { serverApi } from './lib/api.server.ts';
import { loadPlace } from './lib/place.server.ts';
import { currentUser, loginRedirect } from './lib/auth.server.ts';
import { Header } from './components/header.tsx';
import { Footer } from './components/footer.tsx';
import { BottomBar } from './components/bottom-bar.tsx';
import { ChatButton } from './components/chat/chat-button.tsx';
import { chatHiddenOn } from './lib/chat.ts';
import { ToastProvider } from './components/toasts.tsx';
import { ErrorPage } from './components/error-page.tsx';
import {
  installChunkReload,
  isChunkLoadError,
  reloadForStaleChunk,
} from './lib/use-chunk-reload.ts';
import { useVersionWatch } from './lib/use-version-watch.ts';
import { useSessionSync } from './lib/use-session-sync.ts';
import { useCartMerge } from './lib/use-cart-merge.ts';
import { useClientNav } from './lib/use-client-nav.ts';
import { useServiceWorker } from './lib/use-service-worker.ts';
import { LiteContext } from './lib/lite.ts';
import { ServerHtml } from './lib/server-html.tsx';
import { SCRIPTS_AFTER_FIRST_PAINT } from './lib/scripts-after-first-paint.ts';
import { prepareServerHtml } from './lib/server-html.server.tsx';
import { newsletterResult } from './components/newsletter-box.tsx';
import type { Route } from './+types/root';

/** The footer's cache key: all it depends on is the year and the no-JavaScript newsletter result. */
const footerId = (search: string) =>
  `footer:${new Date().getFullYear()}:${newsletterResult(search)}`;

export const links: Route.LinksFunction = () => [
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  // Installable (docs/decisions/0028): the manifest names the icons, colours and start page.
  { rel: 'manifest', href: '/manifest.webmanifest' },
  { rel: 'apple-touch-icon', href: '/icons/apple-touch-icon.png' },
];

const GUEST: AuthUser = (() => {
  const g = guestUser(''.padEnd(64, '0'));
  return { name: g.name, id: g.id, isauthenticated: false, tel: g.telephone, role: 'guest' };
})();

/**
 * The session is checked on every navigation: this loader always revalidates.
 * Guests opening /user, /shopping, /broadcast or /admin are sent to the login page.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  // Without a session cookie the answer is known: a guest (saves a call on every guest page).
  // Otherwise the session looked up when the request arrived (currentUser).
  const user =
    (hasSessionCookie(request.headers.get('cookie')) && (await currentUser(context))) || GUEST;
  const url = new URL(request.url);
  const reason = guardReason(url.pathname.replace(/\.data$/, ''));
  if (reason && !user.isauthenticated) throw loginRedirect(request, reason);
  prepareServerHtml(footerId(url.search), () => (
    <Footer newsletter={newsletterResult(url.search)} />
  ));
  // The header's cart count (a signed-in user's cart is on the server) and the visitor's place:
  // for a signed-in visitor without a place cookie, one call answers both (loadPlace asks for
  // the same answer, and a page's identical reads share one call).
  const api = serverApi(context);
  const [header, place] = await Promise.all([
    user.isauthenticated ? api.get('/api/user/header') : undefined,
    loadPlace(api, request, user.isauthenticated),
  ]);
  const cartCount = header?.status ? Number(header.count) || 0 : null;
  return {
    user,
    // Lite mode: pictures wait for a tap (docs/decisions/0028).
    lite: wantsLite(request.headers.get('save-data'), request.headers.get('cookie')),
    nonce: context.nonce,
    // Canonical and sharing links are built on it (lib/seo.ts): PUBLIC_URL, never the Host header.
    origin: context.publicOrigin,
    cartCount,
    place: place && { state: place.state, city: place.city },
  };
}
export const shouldRevalidate = () => true;

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>('root');
  const { search, pathname } = useLocation();
  const chat = !chatHiddenOn(pathname);
  // The page is live: every handler below is listening (a parent's effects run after its
  // children's). Browser tests wait for this mark rather than for the scripts to load, since a
  // tap between the two is lost; the choices a user makes in that gap are adopted where they
  // would be lost (select-field.tsx).
  useEffect(() => {
    document.documentElement.dataset.hydrated = '';
  }, []);
  return (
    <html lang="en-NG">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0a5c33" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:z-[70] focus:bg-white focus:p-3"
        >
          Skip to content
        </a>
        <ToastProvider>
          <Header user={data?.user ?? GUEST} place={data?.place ?? null} chat={chat} />
          <LiteContext.Provider value={data?.lite ?? false}>
            <div className="flex-1">{children}</div>
          </LiteContext.Provider>
          <ServerHtml id={footerId(search)}>
            <Footer newsletter={newsletterResult(search)} />
          </ServerHtml>
          <BottomBar user={data?.user ?? GUEST} chat={chat} />
          {chat && <ChatButton user={data?.user ?? GUEST} />}
        </ToastProvider>
        <ScrollRestoration nonce={data?.nonce} />
        <Scripts nonce={data?.nonce} />
        <script
          nonce={data?.nonce}
          dangerouslySetInnerHTML={{ __html: SCRIPTS_AFTER_FIRST_PAINT }}
        />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  const { user } = loaderData;
  useEffect(installChunkReload, []);
  useVersionWatch();
  useSessionSync(user);
  useCartMerge(user);
  useClientNav();
  useServiceWorker();
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  useEffect(() => {
    if (isChunkLoadError(error)) reloadForStaleChunk();
  }, [error]);
  if (isRouteErrorResponse(error)) {
    const message = typeof error.data === 'string' ? error.data : (error.data?.message ?? '');
    return (
      <ErrorPage
        code={error.status}
        statusText={error.statusText || (error.status === 404 ? 'Not Found' : 'Error')}
        message={message}
      />
    );
  }
  return (
    <ErrorPage
      code={500}
      statusText="Something went wrong"
      message="We could not show this page. Please try again in a moment."
    />
  );
}
