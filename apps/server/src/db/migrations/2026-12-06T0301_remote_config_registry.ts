import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';

// Issue 27: every remote-config key is registered with its type and bounds, so the operator's edits are validated, and
// every value ever set is kept as a version (who, when, why) so it can be rolled back. The values clients read stay in
// remote_config; the current version's value always equals the row there.

type Key = { name: string; type: 'boolean' | 'integer' | 'string' | 'enum' | 'json'; allowed?: string[]; min?: number; max?: number; description: string };

const KEYS: Key[] = [
  { name: 'masterpass_end_date_duration', type: 'integer', min: 0, max: 24, description: 'Saved cards expiring within this many months are flagged.' },
  { name: 'resignup_enabled', type: 'boolean', description: 'A deleted account may sign up again with the same phone or e-mail.' },
  { name: 'show_download_app', type: 'boolean', description: 'Show the download-the-app prompts.' },
  { name: 'max_select_count', type: 'integer', min: 1, max: 10000, description: 'How many items a subscriber may select at once.' },
  { name: 'packages_discount_rate', type: 'integer', min: 0, max: 100, description: 'Discount on yearly packages, in percent.' },
  { name: 'photos_banner_redisplay_after_closing', type: 'integer', min: 0, max: 365, description: 'Days before a closed photos banner shows again.' },
  { name: 'chatbot_menu_enabled', type: 'boolean', description: 'Show the chatbot menu item.' },
  { name: 'only_office_enabled', type: 'boolean', description: 'Open office documents in the online editor.' },
  { name: 'buyonegetonecampaign', type: 'boolean', description: 'A first package purchase covers two periods for one price.' },
  { name: 'ai_generate_show', type: 'boolean', description: 'Show the AI generation entry points.' },
  { name: 'package_types', type: 'enum', allowed: ['STORAGE,FAMILY', 'STORAGE', 'FAMILY'], description: 'Which package types are offered.' },
  { name: 'max_family_member_count', type: 'integer', min: 1, max: 10, description: 'Most members a family may have.' },
  { name: 'etk_permission_description', type: 'string', min: 1, max: 2000, description: 'Commercial messages consent text.' },
  { name: 'kvkk_toggle_text', type: 'string', min: 1, max: 2000, description: 'Personal data notice toggle text.' },
  { name: 'text_etk_and_kvkk', type: 'string', min: 1, max: 2000, description: 'Communication permissions hint.' },
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('remote_config_key')
    .addColumn('name', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('type', 'varchar(16)', (c) => c.notNull())
    // JSON array of the allowed values of an enum key; null otherwise.
    .addColumn('allowed', 'text')
    // Integers: the range; strings: the length.
    .addColumn('min', 'bigint')
    .addColumn('max', 'bigint')
    .addColumn('description', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('remote_config_version')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('language', 'varchar(8)', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    // Null for the values that were there before the console (the seed) or set by a script.
    .addColumn('operator_id', 'varchar(36)')
    // The operator's e-mail when they made it (the history shows who without reading the operators' table).
    .addColumn('operator_email', 'varchar(254)')
    .addColumn('reason', 'text')
    // A rollback's source version.
    .addColumn('rolled_back_from', 'varchar(36)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('remote_config_version_key').on('remote_config_version').columns(['name', 'created_at']).execute();

  await db
    .insertInto('remote_config_key')
    .values(KEYS.map((k) => ({ name: k.name, type: k.type, allowed: k.allowed ? JSON.stringify(k.allowed) : null, min: k.min ?? null, max: k.max ?? null, description: k.description })))
    .execute();

  // Version 1 of every value there is now: rolling back to it restores the seed.
  const at = Date.now();
  const rows = (await db.selectFrom('remote_config').select(['name', 'language', 'value']).execute()) as Array<{ name: string; language: string; value: string }>;
  if (rows.length > 0) {
    await db
      .insertInto('remote_config_version')
      .values(rows.map((r) => ({ id: randomUUID(), name: r.name, language: r.language, value: r.value, operator_id: null, operator_email: null, reason: null, rolled_back_from: null, created_at: at })))
      .execute();
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('remote_config_version').execute();
  await db.schema.dropTable('remote_config_key').execute();
}
