import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('configuration', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'songforge-config-'));
  const env = { DATA_DIR: dataDir, SESSION_SECRET: 'config-test-secret-0123456789' };
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  const failure = (databaseUrl: string) => {
    try {
      loadConfig({ ...env, DATABASE_URL: databaseUrl });
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      return (error as Error).message;
    }
    return null;
  };

  it('explains a DATABASE_URL without a user name, or that is no PostgreSQL URL, in one line', () => {
    const shape = 'expected postgres://user[:password]@host[:port]/database';
    expect(failure('postgres://127.0.0.1:5432/test')).toBe(`Invalid configuration: DATABASE_URL: no user name (${shape})`);
    expect(failure('localhost:5432/test')).toBe(`Invalid configuration: DATABASE_URL: unsupported scheme localhost: (${shape})`);
    expect(failure('not a url')).toBe(`Invalid configuration: DATABASE_URL: not a URL (${shape})`);
    expect(failure('mysql://root@db/test')).toBe(`Invalid configuration: DATABASE_URL: unsupported scheme mysql: (${shape})`);
  });

  it('accepts a DATABASE_URL with a user name in the authority or as a parameter', () => {
    expect(loadConfig({ ...env, DATABASE_URL: 'postgres://songforge:secret@db:5432/songforge' }).databaseUrl).toBe('postgres://songforge:secret@db:5432/songforge');
    expect(loadConfig({ ...env, DATABASE_URL: 'postgresql:///songforge?host=/run/postgresql&user=songforge' }).databaseUrl).not.toBeNull();
  });

  it('creates the session secret once and reads it back afterwards', () => {
    const first = loadConfig({ DATA_DIR: dataDir }).sessionSecret;
    expect(first).toMatch(/^[\w-]{43}$/);
    expect(loadConfig({ DATA_DIR: dataDir }).sessionSecret).toBe(first);
  });
});
