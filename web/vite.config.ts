// defineConfig comes from vitest/config so its types match @vitejs/plugin-react, which resolves the
// hoisted vite 8 while web/ pins vite 7 for the CLI; at runtime defineConfig is the identity.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { babelOptimizerPlugin } from '@graphql-codegen/client-preset';
import { compression } from 'vite-plugin-compression2';

// The API (api/, port 3000) serves GraphQL, REST and media on the same origin in production;
// in development vite proxies those paths so cookies stay same-origin.
const API_ORIGIN = 'http://localhost:3000';

export default defineConfig({
  // Text assets are precompressed (.gz and .br beside each file); the API serves them with Content-Encoding.
  plugins: [
    // graphql(`query X ...`) becomes an import of the generated XDocument: without it every chunk that
    // calls graphql() carries the generated map of all the app's documents (14.5 KB gzip).
    react({ babel: { plugins: [[babelOptimizerPlugin, { artifactDirectory: fileURLToPath(new URL('./src/gql', import.meta.url)), gqlTagName: 'graphql' }]] } }),
    compression({ algorithms: ['gzip', 'brotliCompress'] }),
  ],
  server: {
    port: 5173,
    proxy: {
      '/api': API_ORIGIN,
      '/media': API_ORIGIN,
      '/graphql': { target: API_ORIGIN, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    // dist/.vite/manifest.json: bench:web-load follows each first screen's chunks from its source file.
    manifest: true,
    emptyOutDir: true,
    rollupOptions: {
      output: {
        // Libraries every page needs change less often than the app: separate chunks stay cached across
        // releases. Other libraries go with the lazy pages that import them, so the first load skips them.
        manualChunks(id) {
          if (!id.includes('node_modules')) return undefined;
          // The router is not in the first load of a signed-out visitor, React is.
          if (/node_modules\/(react|react-dom|scheduler)\//.test(id)) return 'react';
          if (/node_modules\/(react-router|cookie|set-cookie-parser)\//.test(id)) return 'router';
          if (/node_modules\/(@apollo|graphql|graphql-ws|rxjs|@wry|optimism|tslib)\//.test(id)) return 'apollo';
          return undefined;
        },
      },
    },
  },
});
