import { Migrator, NO_MIGRATIONS, type Kysely, type Migration, type MigrationProvider, type MigrationResultSet } from 'kysely';
import { migrations } from '../../db/migrations/index.js';

// Migrations are imported statically so the compiled server needs no file-system lookup.
class StaticProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    return migrations;
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const migrator = (db: Kysely<any>) => new Migrator({ db, provider: new StaticProvider() });

function check({ error, results }: MigrationResultSet): void {
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function migrateToLatest(db: Kysely<any>): Promise<void> {
  check(await migrator(db).migrateToLatest());
}

/** Runs every applied migration's `down`, newest first (tests prove each one can be undone). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function migrateDownToZero(db: Kysely<any>): Promise<void> {
  check(await migrator(db).migrateTo(NO_MIGRATIONS));
}

/** Throws when a migration this build knows has not been applied (the readiness check: the schema is not ours yet). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function assertMigrated(db: Kysely<any>): Promise<void> {
  const known = Object.keys(migrations);
  const applied = await db.selectFrom('kysely_migration').select('name').execute();
  const have = new Set(applied.map((r: { name: string }) => r.name));
  const missing = known.filter((name) => !have.has(name));
  if (missing.length > 0) throw new Error(`${missing.length} migration(s) not applied, first ${missing[0]}`);
}
