// A PostgreSQL database at the latest schema to copy test databases from. Migrating a fresh
// database costs about 0.9 s on the 2-core CI machine, and the PostgreSQL pass makes well over a
// hundred of them; a copy of a migrated template (STRATEGY FILE_COPY) costs about 0.25 s. The
// migrations still run from an empty database once per set of migrations: when the template is built.
import { createHash, randomBytes } from 'node:crypto';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { migrateToLatest } from '../../src/storage/kysely/migrations/migrate.ts';
import { POSTGRES_MIGRATIONS } from '../../src/storage/kysely/migrations/index.ts';

/** Named by the migrations' content: test runs of other branches on the same server never share one. */
const TEMPLATE = `colloquy_template_${createHash('sha256').update(JSON.stringify(POSTGRES_MIGRATIONS)).digest('hex').slice(0, 16)}`;

async function withAdmin<T>(adminUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const databaseUrl = (adminUrl: string, name: string) => {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

/** Builds the template under a name of its own, then renames it: a test process on the same server
 * (the suite runs two at a time) sees either no template or a whole one. */
async function buildTemplate(adminUrl: string): Promise<void> {
  const building = `colloquy_test_${randomBytes(6).toString('hex')}`;
  await withAdmin(adminUrl, (admin) => admin.query(`CREATE DATABASE ${building}`));
  const pool = new pg.Pool({ connectionString: databaseUrl(adminUrl, building), max: 1 });
  const db = new Kysely<unknown>({ dialect: new PostgresDialect({ pool }) });
  try {
    await migrateToLatest(db, POSTGRES_MIGRATIONS);
  } finally {
    await db.destroy();
  }
  await withAdmin(adminUrl, async (admin) => {
    for (let attempt = 0; ; attempt += 1) {
      try {
        await admin.query(`ALTER DATABASE ${building} RENAME TO ${TEMPLATE}`);
        return;
      } catch (error) {
        const code = (error as { code?: string }).code;
        // Another process built it meanwhile: theirs serves.
        if (code === '42P04') return void (await admin.query(`DROP DATABASE ${building} WITH (FORCE)`));
        // Our closed connection's backend has not quite exited yet.
        if (code !== '55006' || attempt >= 100) throw error;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }
  });
}

let ready: Promise<void> | null = null;

/** Resolves once the server has the template, building it if it has none (once per process). */
function templateReady(adminUrl: string): Promise<void> {
  ready ??= withAdmin(adminUrl, (admin) => admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [TEMPLATE]))
    .then((found) => (found.rowCount === 0 ? buildTemplate(adminUrl) : undefined))
    .catch((error: unknown) => {
      ready = null;
      throw error;
    });
  return ready;
}

const copyTemplate = (adminUrl: string, name: string) =>
  withAdmin(adminUrl, async (admin) => {
    // FILE_COPY (PostgreSQL 15 and later) copies a small database faster than the default WAL_LOG.
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE} STRATEGY FILE_COPY`).catch((error: unknown) => {
      if ((error as { code?: string }).code !== '42601') throw error;
      return admin.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE}`);
    });
  });

/** `CREATE DATABASE name` as a copy of the migrated template, building the template first if the
 * server has none. */
export async function createMigratedDatabase(adminUrl: string, name: string): Promise<void> {
  await templateReady(adminUrl);
  try {
    await copyTemplate(adminUrl, name);
  } catch (error) {
    // Dropped since (a developer clearing a shared server's test databases): build it again.
    if ((error as { code?: string }).code !== '3D000') throw error;
    ready = null;
    await templateReady(adminUrl);
    await copyTemplate(adminUrl, name);
  }
}
