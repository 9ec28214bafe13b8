import { Entity, Property } from '@mikro-orm/core';
import { CredentialFields } from './credential-fields.js';

/**
 * A personal access token for scripts and third-party clients (`Authorization: Bearer`, and the
 * Subsonic apiKey). Only its SHA-256 is stored: the token is shown once, when it is created.
 */
@Entity({ tableName: 'access_tokens' })
export class AccessToken extends CredentialFields {
  /** Hex SHA-256 of the token. */
  @Property({ type: 'string', length: 64, unique: true })
  tokenHash!: string;

  /** The token's last 4 characters, so the user can tell tokens apart. */
  @Property({ type: 'string', length: 4 })
  last4!: string;
}
