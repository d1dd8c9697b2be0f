import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

// The page shell (root.tsx and the modules every page loads with it) goes out as one file
// instead of twenty small ones: fewer requests on a slow phone link, and one compressed file
// is smaller than twenty (the JavaScript budget is 120 KB compressed per public page).
const SHELL =
  /\/apps\/web\/app\/(root\.tsx|components\/(header|footer|link|bottom-bar|toasts|error-page|accounts-menu|header-search|mobile-menu|cart-link|notification-bell|icons|newsletter-box|chat\/chat-button)\.tsx|lib\/(api|menus|chat|cart|redirect|use-[a-z-]+|server-html)\.tsx?)$/;

// The small modules nearly every public page loads besides the shell (cards' photo, stars and
// badges, prices, phone links, the SEO and catalogue helpers): one file instead of a dozen. Each
// is a request, and a phone on HTTP/1.1 has six connections: a dozen 1 KB files ahead of a
// product photo held its first paint back by round trips, not by bytes.
const COMMON =
  /\/(apps\/web\/app\/(lib\/(seo|catalog|requests)\.ts|components\/(photo|verified-badge|home-tabs|field-notes|reviews\/stars|cart\/money|catalog\/(product-image|fit-badge)|requests\/request-prompt)\.tsx)|packages\/shared\/src\/(phone|money)\.ts)$/;

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  build: {
    target: 'es2020',
    cssMinify: true,
    rollupOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'shell', test: SHELL },
            { name: 'common', test: COMMON },
          ],
        },
      },
    },
  },
  ssr: { noExternal: ['@sf/shared'] },
});
