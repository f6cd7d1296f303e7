import { sql, type Kysely } from 'kysely';
import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';
import { isServiceUnavailable } from '../../../ports/unavailable.ts';

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
  // A database that cannot be reached fails before any migration runs: the operator needs the
  // driver's reason (refused, unknown host, bad password), not the API's "try again shortly".
  if (isServiceUnavailable(error))
    throw new Error(`cannot reach the database: ${driverReason(error)}`, { cause: error });
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? 'unknown error');
    const name = failed ? ` ${failed.migrationName}` : '';
    throw new Error(`database migration${name} failed: ${reason}`, { cause: error });
  }
}

/** The connection error under a translated one; a refusal on every address of a name is an
 * AggregateError whose own message is empty. */
function driverReason(error: Error): string {
  const cause = error.cause instanceof Error ? error.cause : error;
  const parts =
    cause instanceof AggregateError ? cause.errors.map((e: unknown) => String((e as Error).message ?? e)) : [];
  return parts.length > 0 ? parts.join('; ') : cause.message || String(cause);
}

/** One shipped migration as each engine runs it; an engine without it has none. */
export interface ShippedMigration {
  sqlite?: SqlMigration;
  postgres?: SqlMigration;
}
