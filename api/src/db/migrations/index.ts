import { Migration20261123010740 } from './Migration20261123010740.js';
import { Migration20261123012025 } from './Migration20261123012025.js';
import { Migration20261125081600 } from './Migration20261125081600.js';
import { Migration20261125081606 } from './Migration20261125081606.js';
import { Migration20261125104210 } from './Migration20261125104210.js';
import { Migration20261125104413 } from './Migration20261125104413.js';
import { Migration20261125104731 } from './Migration20261125104731.js';
import { Migration20261125104820 } from './Migration20261125104820.js';
import { Migration20261125110000 } from './Migration20261125110000.js';
import { Migration20261125110712 } from './Migration20261125110712.js';
import { Migration20261125111500 } from './Migration20261125111500.js';
import { Migration20261127085909 } from './Migration20261127085909.js';
import { Migration20261127090000 } from './Migration20261127090000.js';
import { Migration20261127090718 } from './Migration20261127090718.js';
import { Migration20261127091000 } from './Migration20261127091000.js';
import { Migration20261127092042 } from './Migration20261127092042.js';
import { Migration20261127122351 } from './Migration20261127122351.js';
import { Migration20261127123048 } from './Migration20261127123048.js';

/**
 * Every migration in order. Listed explicitly (not discovered from files) so the same list
 * works from compiled code, tsx and the test runner. `npm run migration:create -w api` appends here.
 */
export const migrationsList = [{ name: 'Migration20261123010740', class: Migration20261123010740 }, { name: 'Migration20261123012025', class: Migration20261123012025 }, { name: 'Migration20261125081600', class: Migration20261125081600 }, { name: 'Migration20261125081606', class: Migration20261125081606 }, { name: 'Migration20261125104210', class: Migration20261125104210 }, { name: 'Migration20261125104413', class: Migration20261125104413 }, { name: 'Migration20261125104731', class: Migration20261125104731 }, { name: 'Migration20261125104820', class: Migration20261125104820 }, { name: 'Migration20261125110000', class: Migration20261125110000 }, { name: 'Migration20261125110712', class: Migration20261125110712 }, { name: 'Migration20261125111500', class: Migration20261125111500 }, { name: 'Migration20261127085909', class: Migration20261127085909 }, { name: 'Migration20261127090000', class: Migration20261127090000 }, { name: 'Migration20261127090718', class: Migration20261127090718 }, { name: 'Migration20261127091000', class: Migration20261127091000 }, { name: 'Migration20261127092042', class: Migration20261127092042 }, { name: 'Migration20261127122351', class: Migration20261127122351 }, { name: 'Migration20261127123048', class: Migration20261127123048 }];
