import { sql, type Kysely } from 'kysely';
import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';

/** A migration as the DDL statements it runs, in order. */
export interface SqlMigration {
  name: string;
  statements: string[];
}

class ListMigrationProvider implements MigrationProvider {
  readonly #migrations: SqlMigration[];
  constructor(migrations: SqlMigration[]) {
    this.#migrations = migrations;
  }
  async getMigrations(): Promise<Record<string, Migration>> {
    const byName: Record<string, Migration> = {};
    for (const migration of this.#migrations) {
      byName[migration.name] = {
        up: async (db) => {
          for (const statement of migration.statements) await sql.raw(statement).execute(db);
        },
      };
    }
    return byName;
  }
}

/** Brings the schema up to date. Safe to run from several processes at once: Kysely takes a lock. */
export async function migrateToLatest(db: Kysely<unknown>, migrations: SqlMigration[]): Promise<void> {
  const migrator = new Migrator({ db, provider: new ListMigrationProvider(migrations) });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? 'unknown error');
    throw new Error(`database migration ${failed?.migrationName ?? ''} failed: ${reason}`);
  }
}

/** One shipped migration as each engine runs it; an engine without it has none. */
export interface ShippedMigration {
  sqlite?: SqlMigration;
  postgres?: SqlMigration;
}
