import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

// The page shell (root.tsx and the modules every page loads with it) goes out as one file
// instead of twenty small ones: fewer requests on a slow phone link, and one compressed file
// is smaller than twenty (the JavaScript budget is 120 KB compressed per public page).
const SHELL =
  /\/apps\/web\/app\/(root\.tsx|components\/(header|footer|bottom-bar|toasts|error-page|accounts-menu|header-search|mobile-menu|cart-link|notification-bell|icons|newsletter-box|chat\/chat-button)\.tsx|lib\/(api|menus|chat|cart|redirect|use-[a-z-]+|server-html)\.tsx?)$/;

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  build: {
    target: 'es2020',
    cssMinify: true,
    rollupOptions: { output: { codeSplitting: { groups: [{ name: 'shell', test: SHELL }] } } },
  },
  ssr: { noExternal: ['@sf/shared'] },
});
