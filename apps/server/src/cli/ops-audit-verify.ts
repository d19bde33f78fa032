// `npm run ops:audit-verify`: checks the operators' audit chain (issue 27); exits 1 and names the first broken link.
import { loadConfig } from '../config.js';
import { createDatabase } from '../infra/db/database.js';
import { migrateToLatest } from '../infra/db/migrate.js';
import { verifyChain } from '../modules/audit/audit.service.js';

const config = loadConfig();
const database = createDatabase({ databaseUrl: config.databaseUrl, sqliteFile: config.sqliteFile, poolSize: 1 });
try {
  await migrateToLatest(database.db);
  const result = await verifyChain(database.db);
  if (result.ok) {
    console.log(`Audit chain intact: ${result.checked} rows checked.`);
  } else {
    console.log(`Audit chain BROKEN at row ${result.firstBroken!.seq}: ${result.firstBroken!.reason} (${result.checked} rows checked before it).`);
  }
  process.exitCode = result.ok ? 0 : 1;
} finally {
  await database.destroy();
}
