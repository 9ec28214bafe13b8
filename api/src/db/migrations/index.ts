import { Migration20261123010740 } from './Migration20261123010740.js';
import { Migration20261123012025 } from './Migration20261123012025.js';
import { Migration20261125081600 } from './Migration20261125081600.js';
import { Migration20261125081606 } from './Migration20261125081606.js';

/**
 * Every migration in order. Listed explicitly (not discovered from files) so the same list
 * works from compiled code, tsx and the test runner. `npm run migration:create -w api` appends here.
 */
export const migrationsList = [{ name: 'Migration20261123010740', class: Migration20261123010740 }, { name: 'Migration20261123012025', class: Migration20261123012025 }, { name: 'Migration20261125081600', class: Migration20261125081600 }, { name: 'Migration20261125081606', class: Migration20261125081606 }];
