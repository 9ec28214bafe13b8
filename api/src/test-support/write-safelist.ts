/** `npm run safelist` (run by `npm run codegen`): writes the web app's operations to api/graphql-safelist.json. */
import { writeFileSync } from 'node:fs';
import { WEB_SAFELIST_FILE } from '../graphql/persisted-queries.js';
import { webOperationManifest } from './web-operations.js';

const manifest = await webOperationManifest();
writeFileSync(WEB_SAFELIST_FILE, `${JSON.stringify(manifest, null, 2)}\n`);
console.log(`Wrote ${manifest.operations.length} operations to ${WEB_SAFELIST_FILE}`);
