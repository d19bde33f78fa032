import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createPgDatabase, DIALECTS } from './harness.js';
import { createDatabase, type Database } from '../infra/db/database.js';
import { migrateToLatest } from '../infra/db/migrate.js';

/**
 * Keeps the schema ready to be sharded by account with Citus (docs/scale.md, "Beyond one PostgreSQL").
 *
 * A table passes without being listed when it carries `account_id` and its primary key and every unique index include
 * `account_id` (Citus enforces a unique constraint only when it contains the distribution column). Every other table
 * must be listed below with its placement and a reason; a new table that is neither ready nor listed fails here.
 */

/** Small, read-mostly, the same for every account: replicated to every Citus node (`create_reference_table`). */
const REFERENCE_TABLES: Record<string, string> = {
  eula: 'legal text versions per locale; read on sign-up and approval by every account',
  privacy_policy: 'legal text versions per locale; read by every account',
  package: 'the price list of storage packages; read by every purchase',
  remote_config: 'client configuration per language; a few hundred rows read by every client',
  server_secret: 'a handful of installation-wide keys every instance reads at start',
  invoice_counter: 'one row a year; the legally gap-free invoice number sequence is global by law, not per account',
};

/**
 * Not sharded by account: kept on the coordinator (Citus local tables) or in a separate small database, because they
 * are looked up before an account is known (sign-in, sign-up, tokens), belong to the operator side, or are the queue.
 */
const GLOBAL_TABLES: Record<string, string> = {
  job: 'the job queue: workers claim by (status, run_at) across all accounts; moves to a per-shard queue or its own database (docs/scale.md, "Job queue")',
  job_instance: 'one row per running server process (lease heartbeats), not account data',
  operator: 'operator accounts of the console, not subscribers',
  operator_session: 'operator console sessions',
  operator_setup: 'operator set-up links',
  operator_audit: 'the hash-chained audit log is one global sequence (seq, prev_hash); account_id is a filter column only',
  operator_audit_head: 'the head of the audit hash chain, one row',
  content_blob: 'identical bytes are stored once across all accounts (issue 35): one row per shared blob, keyed by its storage key and found by SHA-256; a sharded install keeps it on the coordinator (or shards it by the hash) and links only within a shard group',
  office_token: 'an office editor (or a WOPI server such as Collabora) presents the access token alone and it is found by its hash before the account is known (like support_token); the row names the file and its owner',
  remote_config_key: 'the registry of remote-configuration keys (type, allowed values), the same for every subscriber',
  remote_config_version: 'every version of a remote-configuration value, written by operators, read by every client',
  metric_day: 'the operator dashboard figures per day (subscribers, storage, uploads, payments), summed over all accounts',
  metric_minute: 'the per-minute counters (5xx answers) summed over all instances, no account in them',
  login_lockout: 'keyed by the sign-in identifier (email/phone/IP hash) before an account is known',
  rate_counter: 'keyed by IP or identifier before an account is known; can live in memory or Redis at scale',
  request_counter: 'per-key request budgets, written from every instance; can live in memory or Redis at scale',
  captcha: 'pre-sign-in challenge, no account',
  signup_request: 'a sign-up in progress: the account does not exist yet',
  silent_login_jti: 'replay guard of single-use sign-in tokens, keyed by the token id',
  social_callback: 'OIDC callback hand-over keyed by a random key, before an account is known',
  social_login_state: 'OIDC state/nonce of a sign-in in progress, before an account is known',
  qr_login: 'a QR sign-in is created by a device that has no account yet and found by its token hash; account_id is filled on approval',
  payment_callback: 'idempotency of provider webhooks by the provider event id; the account is learnt from the payment afterwards',
  sandbox_card: 'the built-in payment provider simulator (development and tests), not part of a production shard',
  sandbox_charge: 'the built-in payment provider simulator (development and tests)',
  sandbox_challenge: 'the built-in payment provider simulator (development and tests)',
  sandbox_refund: 'the built-in payment provider simulator (development and tests)',
  draw_campaign: 'the operator\'s prize-draw campaigns (issue 30): entered anonymously by phone and code, no account',
  draw_code: 'prize-draw codes issued by the operator, looked up by their hash before any account is known',
  draw_request: 'a prize-draw entry waiting for its SMS code: anonymous, keyed by a random reference',
  draw_entry: 'prize-draw entries by phone number, not by account; the draw reads a whole campaign at once',
  draw_counter: 'prize-draw attempt counters keyed by IP, phone and code, before any account is known',

  campaign: 'campaign definitions written by operators in the console, the same for every subscriber',
  referral_link: 'an invitation token hash looked up at sign-up, before the new account exists (like qr_login)',
  referral_credit: 'hashes of contacts already rewarded, checked across all accounts and kept after deletion',

  support_token: 'a support-chat ticket or chat session is presented by the chat page without the account and found by its token hash (like qr_login)',
  support_canned: 'the support agents\' canned replies per language: operator data, no subscriber in them',
  kysely_migration: 'the migration log (Citus runs DDL through the coordinator)',
  kysely_migration_lock: 'the migration lock',
};

/** SQLite FTS5 shadow tables of `search_fts`; PostgreSQL searches `search_entry` itself. */
const SQLITE_ONLY_TABLES: Record<string, string> = {
  search_fts: 'SQLite FTS5 virtual table over search_entry (PostgreSQL uses search_entry with pg_trgm)',
  search_fts_config: 'FTS5 shadow table',
  search_fts_data: 'FTS5 shadow table',
  search_fts_docsize: 'FTS5 shadow table',
  search_fts_idx: 'FTS5 shadow table',
};

/**
 * Account-owned and to be distributed, but their keys are not ready yet. Each names the column the shard key would be
 * (or how the row reaches its account) and the change a Citus move needs. Listed rather than migrated now: the changes
 * touch the request path and every repository of the table (docs/scale.md, "What a Citus move needs").
 */
const KEY_CHANGES_NEEDED: Record<string, { via: string; change: string }> = {
  account: {
    via: 'id (the account id itself is the shard key)',
    change: 'email and phone_e164 are unique across all accounts: move them to a global lookup table account_login(identifier → account_id) kept on the coordinator; account stays distributed by id',
  },
  account_deletion: { via: 'account_id', change: 'keyed by a globally unique random id; primary key becomes (account_id, id) or account_id alone (already unique)' },
  album: { via: 'account_id', change: 'keyed by a globally unique random id; primary key becomes (account_id, id); signed-in routes know the account from the session, so every query adds account_id' },
  album_file: { via: 'album_id → album.account_id', change: 'add account_id, primary key (account_id, album_id, file_id)' },
  office_lock: { via: 'account_id', change: 'keyed by the file id alone (one editor a file); add account_id (the owner, known from the file) and key (account_id, file_id)' },
  contact_verification: { via: 'account_id', change: 'keyed by a random id and found by reference_hash before the account is known: the reference must carry the account id, or the row moves to the coordinator' },
  download_zip: { via: 'account_id', change: 'keyed by a globally unique random id; primary key (account_id, id); the download URL must carry the account id' },
  face: { via: 'account_id', change: 'keyed by a globally unique random id; primary key (account_id, id)' },
  face_rejection: { via: 'face_id → face.account_id', change: 'add account_id, primary key (account_id, face_id, person_id)' },
  face_scan: { via: 'account_id', change: 'primary key file_id becomes (account_id, file_id)' },
  family: { via: 'admin_account_id', change: 'a family spans accounts on different shards: keep family, family_member and family_invitation together on the coordinator or distribute family by admin_account_id and read members with one extra routed query' },
  family_person: { via: 'family_id → family.admin_account_id', change: 'a family\'s people (issue 35) go where family goes: with it on the coordinator, or keyed (admin_account_id, id) when family is distributed by its admin' },
  family_face: { via: 'family_id → family.admin_account_id', change: 'keyed by the face id, a face of any member\'s account: stays with family_person (coordinator), or gains admin_account_id in its key when family is distributed' },
  family_album: { via: 'family_id → family.admin_account_id', change: 'a family\'s albums (issue 35) go where family goes: with it on the coordinator, or keyed (admin_account_id, id) when family is distributed by its admin' },
  family_album_file: { via: 'album_id → family_album.family_id', change: 'names files of any member\'s account: stays with family_album (coordinator), or gains admin_account_id in its key when family is distributed' },
  family_face_rejection: { via: 'family_id → family.admin_account_id', change: 'a family\'s "not this person" (issue 35) stays with family_person (coordinator), or gains admin_account_id in its key when family is distributed' },
  family_invitation: { via: 'family_id → family.admin_account_id', change: 'found by token_hash and by contact across accounts: stays with family (coordinator) or the token carries the admin account id' },
  file: { via: 'account_id', change: 'keyed by a globally unique random id; primary key (account_id, id); every query adds account_id (from the session, or the owner id from share/share_link for shared files)' },
  file_activity: { via: 'account_id', change: 'keyed by a globally unique random id; primary key (account_id, id)' },
  file_version: { via: 'account_id', change: 'keyed by a globally unique random id; primary key (account_id, id)' },
  file_place: { via: 'account_id', change: 'primary key file_id becomes (account_id, file_id)' },
  file_thing: { via: 'account_id', change: 'primary key (file_id, thing_id) becomes (account_id, file_id, thing_id)' },
  foryou_item: { via: 'account_id', change: 'keyed by a globally unique random id; primary key (account_id, id) (its unique (account_id, kind, key) is ready)' },
  foryou_item_photo: { via: 'item_id → foryou_item.account_id', change: 'add account_id, primary key (account_id, item_id, file_id)' },
  invoice: { via: 'account_id', change: 'number and source_ref are unique across all accounts (legal numbering): primary key (account_id, id); number uniqueness from the global invoice_counter plus a coordinator table invoice_number(number → account_id)' },
  listing_boundary: { via: 'account_id', change: 'a page-boundary cache keyed by (listing, page): primary key becomes (account_id, listing, page)' },
  notification: { via: 'account_id', change: 'keyed by a globally unique random id; primary key (account_id, id)' },
  package_order: { via: 'account_id', change: 'keyed by a globally unique random id; primary key (account_id, id) (its unique (account_id, idempotency_key) is ready)' },
  password_recovery: { via: 'account_id', change: 'found by reference_hash before the person is signed in: the reference must carry the account id, or the row moves to the coordinator' },
  payment: { via: 'account_id', change: 'keyed by a random id and found by paycell_trxn_id from provider callbacks: primary key (account_id, id) and a coordinator lookup provider_ref → account_id' },
  payment_refund: { via: 'payment_id → payment.account_id', change: 'add account_id, primary key (account_id, id), unique (account_id, payment_id, idempotency_key)' },
  permission_history: { via: 'account_id', change: 'keyed by a globally unique random id; primary key (account_id, id)' },
  person: { via: 'account_id', change: 'keyed by a globally unique random id; primary key (account_id, id)' },
  photo_quality: { via: 'account_id', change: 'primary key file_id becomes (account_id, file_id)' },
  place: { via: 'account_id', change: 'keyed by a globally unique random id; primary key (account_id, id) (its unique indexes on account_id are ready)' },
  recovery_email_token: { via: 'account_id', change: 'found by token_hash from an e-mailed link: the link carries the account id, primary key (account_id, id), unique (account_id, token_hash)' },
  remember_me_token: { via: 'account_id', change: 'found by token_hash on sign-in: the token carries the account id, primary key (account_id, id), unique (account_id, token_hash)' },
  saved_card: { via: 'account_id', change: 'keyed by a globally unique random id; primary key (account_id, id)' },
  search_entry: { via: 'owner_id (the account id under another name)', change: 'rename or distribute by owner_id; unique (subject_kind, subject_id) becomes (owner_id, subject_kind, subject_id), primary key (owner_id, seq)' },
  quota_grant: { via: 'account_id', change: 'keyed by a globally unique random id; primary key becomes (account_id, id) (the console always reads grants by account)' },
  sign_in_event: { via: 'account_id', change: 'keyed by a globally unique random id; primary key becomes (account_id, id) (read only per account, pruned by time)' },
  session: { via: 'account_id', change: 'found by token_hash on every request: the bearer token carries the account id (or a shard prefix), unique (account_id, token_hash), primary key (account_id, id)' },
  share: { via: 'account_id (owner); invitee_id names the other account', change: 'an invitation joins two accounts: keep the owner row on the owner shard and a copy share_received(invitee_id, owner_id, file_id) distributed by invitee_id, written in one distributed transaction' },
  share_link: { via: 'account_id', change: 'opened by visitors by token_hash with no account: the link token carries the account id (or a coordinator lookup token_hash → account_id), primary key (account_id, id)' },
  share_link_item: { via: 'link_id → share_link.account_id', change: 'add account_id, primary key (account_id, link_id, file_id)' },
  social_identity: { via: 'account_id', change: '(provider, subject) is unique across accounts and read before sign-in: move it to a coordinator lookup table; primary key (account_id, id)' },
  thing: { via: 'account_id', change: 'keyed by a globally unique random id; primary key (account_id, id) (its unique (account_id, tag) is ready)' },
  thing_scan: { via: 'account_id', change: 'primary key file_id becomes (account_id, file_id)' },
  two_factor_challenge: { via: 'account_id', change: 'found by token_hash during sign-in: the challenge token carries the account id, unique (account_id, token_hash), primary key (account_id, id)' },
  two_factor_recovery_code: { via: 'account_id', change: 'keyed by a globally unique random id; primary key (account_id, id)' },
  upload: { via: 'account_id', change: 'keyed by a globally unique random id in the upload URL; primary key (account_id, id); the upload is signed in, so queries add account_id from the session' },
};

interface TableShape {
  columns: Set<string>;
  /** Primary key and unique indexes (partial ones included: Citus refuses those without the shard key too). */
  uniqueKeys: Array<{ name: string; columns: string[] }>;
}

async function readSchema(database: Database): Promise<Map<string, TableShape>> {
  const tables = new Map<string, TableShape>();
  if (database.dialect === 'postgres') {
    const cols = await sql<{ table_name: string; column_name: string }>`
      SELECT c.table_name, c.column_name FROM information_schema.columns c
      JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
      WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE'`.execute(database.db);
    for (const r of cols.rows) {
      if (!tables.has(r.table_name)) tables.set(r.table_name, { columns: new Set(), uniqueKeys: [] });
      tables.get(r.table_name)!.columns.add(r.column_name);
    }
    // pg_indexes gives the definition; pg_index gives the key columns (expression keys come back as NULL names).
    const idx = await sql<{ table_name: string; index_name: string; columns: Array<string | null> }>`
      SELECT t.relname AS table_name, i.relname AS index_name,
        array(SELECT a.attname::text FROM unnest(x.indkey::int2[]) WITH ORDINALITY k(attnum, n)
              LEFT JOIN pg_attribute a ON a.attrelid = x.indrelid AND a.attnum = k.attnum ORDER BY k.n)::text[] AS columns
      FROM pg_index x
      JOIN pg_class i ON i.oid = x.indexrelid
      JOIN pg_class t ON t.oid = x.indrelid
      JOIN pg_namespace ns ON ns.oid = t.relnamespace
      JOIN pg_indexes pi ON pi.schemaname = ns.nspname AND pi.indexname = i.relname
      WHERE ns.nspname = 'public' AND (x.indisunique OR x.indisprimary)`.execute(database.db);
    for (const r of idx.rows) {
      tables.get(r.table_name)?.uniqueKeys.push({ name: r.index_name, columns: r.columns.map((c) => c ?? '(expression)') });
    }
  } else {
    const names = await sql<{ name: string }>`
      SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`.execute(database.db);
    for (const { name } of names.rows) {
      const cols = await sql<{ name: string; pk: number }>`SELECT name, pk FROM pragma_table_info(${name})`.execute(database.db);
      const shape: TableShape = { columns: new Set(cols.rows.map((c) => c.name)), uniqueKeys: [] };
      const list = await sql<{ name: string; unique: number }>`SELECT name, "unique" FROM pragma_index_list(${name})`.execute(
        database.db,
      );
      for (const index of list.rows.filter((i) => i.unique === 1)) {
        const info = await sql<{ name: string | null }>`SELECT name FROM pragma_index_info(${index.name}) ORDER BY seqno`.execute(
          database.db,
        );
        shape.uniqueKeys.push({ name: index.name, columns: info.rows.map((c) => c.name ?? '(expression)') });
      }
      // A rowid table's INTEGER PRIMARY KEY has no index of its own: it is the rowid.
      const pk = cols.rows.filter((c) => c.pk > 0);
      const only = pk.length === 1 ? pk[0]!.name : null;
      if (only && !shape.uniqueKeys.some((k) => k.columns.length === 1 && k.columns[0] === only)) {
        shape.uniqueKeys.push({ name: `${name} primary key (rowid)`, columns: [only] });
      }
      tables.set(name, shape);
    }
  }
  return tables;
}

/** Why a table is not ready to be distributed by account_id, or null when it is. */
function notReady(shape: TableShape): string | null {
  if (!shape.columns.has('account_id')) return 'has no account_id column';
  if (shape.uniqueKeys.length === 0) return 'has no primary key';
  const missing = shape.uniqueKeys.filter((k) => !k.columns.includes('account_id'));
  if (missing.length > 0) return `unique key(s) without account_id: ${missing.map((k) => `${k.name}(${k.columns.join(', ')})`).join('; ')}`;
  return null;
}

describe.each(DIALECTS)('the schema is ready to be sharded by account (%s)', (dialect) => {
  let database: Database;
  let dir: string;
  let drop: (() => Promise<void>) | undefined;
  let schema: Map<string, TableShape>;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bulut-distribution-'));
    let url: string | null = null;
    if (dialect === 'postgres') {
      const pgDb = await createPgDatabase();
      url = pgDb.url;
      drop = pgDb.drop;
    }
    database = createDatabase({ databaseUrl: url, sqliteFile: path.join(dir, 'db.sqlite') });
    await migrateToLatest(database.db);
    schema = await readSchema(database);
  });
  afterAll(async () => {
    await database?.destroy();
    await drop?.();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('reads the real migrated schema', () => {
    expect(schema.size).toBeGreaterThan(50);
    expect(schema.get('timeline_day')?.uniqueKeys).toContainEqual(expect.objectContaining({ columns: ['account_id', 'day'] }));
    expect(schema.get('file')?.uniqueKeys.map((k) => k.columns)).toContainEqual(['account_id', 'parent_id', 'name_key']);
  });

  it('every table is distribution-ready (account_id in every primary key and unique index) or listed with a reason', () => {
    const listed = (name: string) =>
      name in REFERENCE_TABLES || name in GLOBAL_TABLES || name in KEY_CHANGES_NEEDED || (dialect === 'sqlite' && name in SQLITE_ONLY_TABLES);
    const failures = [...schema]
      .filter(([name]) => !listed(name))
      .map(([name, shape]) => [name, notReady(shape)] as const)
      .filter(([, why]) => why !== null)
      .map(([name, why]) => `${name}: ${why} — add account_id to its keys or list it in distribution-ready.test.ts with a reason`);
    expect(failures).toEqual([]);
  });

  it('the tables that are ready today stay ready', () => {
    const ready = [...schema].filter(([name, shape]) => !(name in KEY_CHANGES_NEEDED) && notReady(shape) === null).map(([n]) => n);
    expect(ready).toEqual(
      expect.arrayContaining(['account_permission', 'account_setting', 'authority', 'subscription', 'timeline_day', 'two_factor']),
    );
  });

  it('lists no table that does not exist, none twice, and none that is already ready', () => {
    const lists = [REFERENCE_TABLES, GLOBAL_TABLES, KEY_CHANGES_NEEDED, ...(dialect === 'sqlite' ? [SQLITE_ONLY_TABLES] : [])];
    const names = lists.flatMap((l) => Object.keys(l));
    expect(names.filter((n) => !schema.has(n))).toEqual([]);
    expect(names.filter((n, i) => names.indexOf(n) !== i)).toEqual([]);
    // Once a table's keys are fixed it must leave the to-do list, so the list keeps telling the truth.
    expect(Object.keys(KEY_CHANGES_NEEDED).filter((n) => schema.has(n) && notReady(schema.get(n)!) === null)).toEqual([]);
    for (const reason of [...Object.values(REFERENCE_TABLES), ...Object.values(GLOBAL_TABLES)]) expect(reason.length).toBeGreaterThan(10);
    for (const { via, change } of Object.values(KEY_CHANGES_NEEDED)) {
      expect(via.length).toBeGreaterThan(0);
      expect(change.length).toBeGreaterThan(10);
    }
  });

  it('a distributed table names a shard column it really has', () => {
    const wrong = Object.entries(KEY_CHANGES_NEEDED)
      .filter(([name]) => schema.has(name))
      .filter(([name, { via }]) => !schema.get(name)!.columns.has(via.split(/[\s(]/)[0] ?? ''))
      .map(([name, { via }]) => `${name}: ${via}`);
    expect(wrong).toEqual([]);
  });

  it('catches a new account-owned table whose keys lack account_id', async () => {
    await sql`CREATE TABLE probe_photo_note (id TEXT PRIMARY KEY, account_id TEXT NOT NULL, body TEXT)`.execute(database.db);
    await sql`CREATE TABLE probe_note_tag (note_id TEXT NOT NULL, tag TEXT NOT NULL, PRIMARY KEY (note_id, tag))`.execute(database.db);
    await sql`CREATE TABLE probe_ready (account_id TEXT NOT NULL, id TEXT NOT NULL, PRIMARY KEY (account_id, id))`.execute(database.db);
    try {
      const probe = await readSchema(database);
      expect(notReady(probe.get('probe_photo_note')!)).toMatch(/without account_id/);
      expect(notReady(probe.get('probe_note_tag')!)).toMatch(/no account_id column/);
      expect(notReady(probe.get('probe_ready')!)).toBeNull();
    } finally {
      for (const t of ['probe_photo_note', 'probe_note_tag', 'probe_ready']) await sql`DROP TABLE ${sql.table(t)}`.execute(database.db);
    }
  });
});
