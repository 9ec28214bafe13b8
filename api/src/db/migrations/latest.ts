/**
 * The name of the last migration in index.ts (`migration:create` writes both; a test checks they
 * agree): a start compares it with the database's newest row instead of loading every migration.
 */
export const LATEST_MIGRATION = 'Migration20261127123048';
