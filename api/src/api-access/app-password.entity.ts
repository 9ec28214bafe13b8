import { Entity, Property } from '@mikro-orm/core';
import { CredentialFields } from './credential-fields.js';

/**
 * A password for one Subsonic app (docs/subsonic.md), never the login password. Subsonic's
 * token+salt scheme sends md5(password + salt), which the server can only check when it can read
 * the password: so it is sealed (AES-256-GCM, ENCRYPTION_KEY, account/secret-box.ts), not hashed.
 */
@Entity({ tableName: 'app_passwords' })
export class AppPassword extends CredentialFields {
  @Property({ type: 'text' })
  sealedPassword!: string;
}
