// defineConfig comes from vitest/config so its types match @vitejs/plugin-react, which resolves the
// hoisted vite 8 while web/ pins vite 7 for the CLI; at runtime defineConfig is the identity.
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// The API (api/, port 3000) serves GraphQL, REST and media on the same origin in production;
// in development vite proxies those paths so cookies stay same-origin.
const API_ORIGIN = 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
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
    emptyOutDir: true,
  },
});
