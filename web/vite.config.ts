// defineConfig comes from vitest/config so its types match @vitejs/plugin-react, which resolves the
// hoisted vite 8 while web/ pins vite 7 for the CLI; at runtime defineConfig is the identity.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { defaultClientConditions } from 'vite';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { babelOptimizerPlugin } from '@graphql-codegen/client-preset';
import { compression } from 'vite-plugin-compression2';

// The API (api/, port 3000) serves GraphQL, REST and media on the same origin in production;
// in development vite proxies those paths so cookies stay same-origin.
const API_ORIGIN = 'http://localhost:3000';

const GENERATED_DOCUMENTS = fileURLToPath(new URL('./src/gql/graphql.ts', import.meta.url));
const DOCUMENT_MODULE = 'gql-document:';

/**
 * Codegen writes every document into one module (src/gql/graphql.ts), and a module goes whole into
 * one chunk: the first load carried the documents of every page (11 KB gzip). In the build each
 * document is its own module instead (`gql-document:Name`), so it goes with the chunks that use it.
 * The imports rewritten are the ones babelOptimizerPlugin writes for graphql() calls.
 */
function documentPerModule(): Plugin {
  let documents: Map<string, string> | null = null;
  const documentText = (name: string) => {
    documents ??= new Map(
      [...readFileSync(GENERATED_DOCUMENTS, 'utf8').matchAll(/^export const (\w+) = (\{.*\}) as unknown as DocumentNode<.*>;$/gm)].map(([, n, text]) => [n!, text!]),
    );
    return documents.get(name);
  };
  return {
    name: 'songforge-document-per-module',
    apply: 'build',
    enforce: 'post',
    transform(code, id) {
      if (id === GENERATED_DOCUMENTS || id.includes('node_modules') || !/\.[jt]sx?$/.test(id)) return null;
      const rewritten = code.replace(/import\s*\{([^}]*)\}\s*from\s*["'][^"']*\/gql\/graphql(?:\.ts)?["'];?/g, (statement, names: string) => {
        const imported = names.split(',').map((name) => name.trim()).filter(Boolean);
        if (!imported.every((name) => /^\w+$/.test(name) && documentText(name))) return statement;
        return imported.map((name) => `import { ${name} } from "${DOCUMENT_MODULE}${name}";`).join('\n');
      });
      return rewritten === code ? null : { code: rewritten, map: null };
    },
    resolveId: (id) => (id.startsWith(DOCUMENT_MODULE) ? `\0${id}` : null),
    load(id) {
      if (!id.startsWith(`\0${DOCUMENT_MODULE}`)) return null;
      const name = id.slice(DOCUMENT_MODULE.length + 1);
      const text = documentText(name);
      if (!text) this.error(`${name} is not a document in src/gql/graphql.ts (run npm run codegen)`);
      return `export const ${name} = ${text};`;
    },
  };
}

export default defineConfig({
  // Text assets are precompressed (.gz and .br beside each file); the API serves them with Content-Encoding.
  plugins: [
    // graphql(`query X ...`) becomes an import of the generated XDocument: without it every chunk that
    // calls graphql() carries the generated map of all the app's documents (14.5 KB gzip).
    react({ babel: { plugins: [[babelOptimizerPlugin, { artifactDirectory: fileURLToPath(new URL('./src/gql', import.meta.url)), gqlTagName: 'graphql' }]] } }),
    documentPerModule(),
    compression({ algorithms: ['gzip', 'brotliCompress'] }),
  ],
  resolve: {
    // rxjs (Apollo Client's observables) publishes an ES2015 build under this condition; the default
    // one is ES5, whose classes are functions and prototypes with tslib's helpers.
    conditions: [...defaultClientConditions, 'es2015'],
  },
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
        // Apollo has no chunk of its own: a manual chunk takes in every module its modules import, and
        // so it carried the graphql package's schema building and validation, which only the lazy
        // developers page uses (buildSchema), to every first load (about 25 KB gzip).
        manualChunks(id) {
          if (!id.includes('node_modules')) return undefined;
          // The router is not in the first load of a signed-out visitor, React is.
          if (/node_modules\/(react|react-dom|scheduler)\//.test(id)) return 'react';
          if (/node_modules\/(react-router|cookie|set-cookie-parser)\//.test(id)) return 'router';
          return undefined;
        },
      },
    },
  },
});
