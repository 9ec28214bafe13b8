/**
 * `npm run build`'s last step: writes INITIAL_DATA_DIR_FILE, the embedded database with every
 * migration applied, from which an empty DATA_DIR starts (embedded-postgres.ts).
 */
import 'reflect-metadata';
import { prepareInitialDataDir } from './database.js';
import { INITIAL_DATA_DIR_FILE } from './embedded-postgres.js';

await prepareInitialDataDir(INITIAL_DATA_DIR_FILE);
console.log(`Prepared the embedded database's initial data folder: ${INITIAL_DATA_DIR_FILE}`);
