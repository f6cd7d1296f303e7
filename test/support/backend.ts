// Which database the suite runs on: SQLite by default; PostgreSQL when COLLOQUY_TEST_BACKEND=postgres
// and TEST_DATABASE_URL points at a server where the test user may CREATE DATABASE (.ci/run does both).
// Each call gets a database of its own, so test files never see each other's rows.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createMigratedDatabase } from './postgres-template.ts';

export type TestBackend = 'sqlite' | 'postgres';

export const TEST_BACKEND: TestBackend = process.env.COLLOQUY_TEST_BACKEND === 'postgres' ? 'postgres' : 'sqlite';
const ADMIN_URL = process.env.TEST_DATABASE_URL ?? '';

if (TEST_BACKEND === 'postgres' && !ADMIN_URL) {
  throw new Error(
    'COLLOQUY_TEST_BACKEND=postgres needs TEST_DATABASE_URL (a PostgreSQL URL whose user may CREATE DATABASE)',
  );
}

/** A PostgreSQL server for tests that need one whatever the backend (shared rate limits). In CI it
 * must be there: a missing server fails the run instead of skipping. */
export function postgresAdminUrl(): string | null {
  if (ADMIN_URL) return ADMIN_URL;
  if (process.env.CI) throw new Error('CI must provide TEST_DATABASE_URL: PostgreSQL tests may not be skipped');
  return null;
}

export interface TestDatabase {
  /** Environment for a server or CLI process on this database. */
  env: { DATA_DIR: string; DATABASE_URL?: string };
  drop(): Promise<void>;
}

/** An empty database, or with `migrated` one already at the latest schema (a copy of a template). */
export async function createPostgresDatabase(
  adminUrl: string,
  options: { migrated?: boolean } = {},
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `colloquy_test_${randomBytes(6).toString('hex')}`;
  if (options.migrated) await createMigratedDatabase(adminUrl, name);
  else {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query(`CREATE DATABASE ${name}`);
    } finally {
      await admin.end();
    }
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

/** A database of the suite's backend. Empty by default, as a first start finds it; `migrated`, for
 * tests that open it at once (the migrations would run first thing anyway): on PostgreSQL a copy of
 * a migrated template, which saves most of a second each. SQLite migrates in milliseconds. */
export async function createTestDatabase(options: { migrated?: boolean } = {}): Promise<TestDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), 'colloquy-test-'));
  const removeDir = () => rmSync(dataDir, { recursive: true, force: true });
  if (TEST_BACKEND === 'sqlite') return { env: { DATA_DIR: dataDir }, drop: async () => removeDir() };
  const database = await createPostgresDatabase(ADMIN_URL, options);
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: database.url },
    drop: async () => {
      await database.drop();
      removeDir();
    },
  };
}
