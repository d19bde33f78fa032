// `npm run ops:create-admin -- --email a@b.c [--name "…"]`: the console's first admin (issue 27). Prints a one-time
// set-up link (24 h); there is no default password anywhere. For an operator that never finished set-up it prints a
// new link and the old ones stop working. Runs the migrations first, on SQLite (DATA_DIR) or DATABASE_URL.
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config.js';
import { createDatabase } from '../infra/db/database.js';
import { migrateToLatest } from '../infra/db/migrate.js';
import { AppError } from '../shared/errors.js';
import { operatorsModule } from '../modules/operators/operators.module.js';

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { email: { type: 'string' }, name: { type: 'string' } }, strict: true });
  const email = values.email?.trim() ?? '';
  if (!/^[^\s@]+@[^\s@]+$/.test(email) || email.length > 254) {
    console.error('Usage: npm run ops:create-admin -- --email admin@example.com [--name "Ayşe Yılmaz"]');
    return 2;
  }
  const name = (values.name?.trim() || email.split('@')[0]!).slice(0, 200);
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`Bulut cannot start: ${err.message}`);
      return 2;
    }
    throw err;
  }
  const database = createDatabase({ databaseUrl: config.databaseUrl, sqliteFile: config.sqliteFile, poolSize: 1 });
  try {
    await migrateToLatest(database.db);
    // Without PUBLIC_URL the link names the address `npm start` listens on.
    const publicUrl = config.publicUrl ?? `http://localhost:${config.port}`;
    const { service } = operatorsModule({ db: database.db, config: { ...config, publicUrl } });
    const { created, setupUrl } = await service.createAdminFromCli(email, name);
    console.log(created ? `Admin ${email.toLowerCase()} created.` : `${email.toLowerCase()} has not finished set-up: here is a new link (earlier links no longer work).`);
    console.log('Open this one-time set-up link within 24 hours to choose a password and enrol an authenticator app:');
    console.log(setupUrl);
    return 0;
  } catch (err) {
    if (err instanceof AppError) {
      console.error(err.message);
      return 1;
    }
    throw err;
  } finally {
    await database.destroy();
  }
}

process.exitCode = await main();
