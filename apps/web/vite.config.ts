import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin } from 'vite';

/**
 * EXPERIMENT (exp-preact): the browser bundle runs Preact (preact/compat) instead of
 * react + react-dom, to stay under the 100 KB compressed JS budget; the server keeps
 * rendering with real React 19 (resolve.alias is shared by all environments in Vite 8,
 * hence a resolveId plugin limited to the client environment).
 */
const PREACT_ALIASES: Record<string, string> = {
  react: 'preact/compat',
  'react-dom': 'preact/compat',
  'react-dom/client': 'preact/compat/client',
  'react/jsx-runtime': 'preact/compat/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/compat/jsx-dev-runtime',
};

function preactInTheBrowser(): Plugin {
  return {
    name: 'sf:preact-in-the-browser',
    enforce: 'pre',
    applyToEnvironment: (env) => env.config.consumer === 'client',
    async resolveId(id, importer, options) {
      const target = PREACT_ALIASES[id];
      if (!target) return null;
      return this.resolve(target, importer, { ...options, skipSelf: true });
    },
  };
}

export default defineConfig({
  plugins: [preactInTheBrowser(), tailwindcss(), reactRouter()],
  build: { target: 'es2020', cssMinify: true },
  ssr: { noExternal: ['@sf/shared'] },
});
