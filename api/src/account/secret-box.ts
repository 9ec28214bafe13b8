import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { loadOrCreateSecret } from '../config/config.js';

const VERSION = 'v1';

/**
 * AES-256-GCM for secrets users give us (their provider API key). The key is SHA-256 of ENCRYPTION_KEY,
 * or of a random secret created in DATA_DIR/encryption-key the first time one is needed. Stored form:
 * `v1.<iv>.<tag>.<ciphertext>` (base64url), so a copy of the database alone reveals nothing.
 */
export class SecretBox {
  private key: Buffer | null = null;

  constructor(private readonly source: { encryptionKey: string | null; dataDir: string }) {}

  private cipherKey(): Buffer {
    this.key ??= createHash('sha256').update(this.source.encryptionKey ?? loadOrCreateSecret(this.source.dataDir, 'encryption-key')).digest();
    return this.key;
  }

  seal(plaintext: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.cipherKey(), iv);
    const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return [VERSION, iv, cipher.getAuthTag(), data].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
  }

  /** The plaintext, or null when the value was sealed with another key or altered. */
  open(sealed: string): string | null {
    const [version, iv, tag, data] = sealed.split('.');
    if (version !== VERSION || !iv || !tag || data === undefined) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.cipherKey(), Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
    } catch {
      return null;
    }
  }
}
