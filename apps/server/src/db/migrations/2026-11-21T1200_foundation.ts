import type { Kysely } from 'kysely';

// Timestamps are epoch ms in bigint columns and flags are 0/1 integers, so one migration serves SQLite and PostgreSQL.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('eula')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('locale', 'varchar(8)', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('eula_locale_version').on('eula').columns(['locale', 'version']).unique().execute();

  await db.schema
    .createTable('account')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('email', 'varchar(320)', (c) => c.notNull())
    .addColumn('country_code', 'varchar(4)', (c) => c.notNull())
    .addColumn('phone_number', 'varchar(16)', (c) => c.notNull())
    .addColumn('phone_e164', 'varchar(20)', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('surname', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('language', 'varchar(8)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('account_type', 'varchar(16)', (c) => c.notNull().defaultTo('STANDARD'))
    .addColumn('project_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('quota_bytes', 'bigint', (c) => c.notNull())
    .addColumn('used_bytes', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('is_family_member', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_family_admin', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('photo_key', 'text')
    .addColumn('eula_id', 'integer', (c) => c.notNull().references('eula.id'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('account_email').on('account').column('email').unique().execute();
  await db.schema.createIndex('account_phone').on('account').column('phone_e164').unique().execute();
  await db.schema.createIndex('account_national_phone').on('account').column('phone_number').execute();

  await db.schema
    .createTable('session')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('account_id', 'varchar(36)', (c) => c.notNull().references('account.id').onDelete('cascade'))
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('remember_family', 'varchar(36)')
    .addColumn('device_uuid', 'varchar(64)', (c) => c.notNull())
    .addColumn('device_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('device_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('revoked_at', 'bigint')
    .execute();
  await db.schema.createIndex('session_token').on('session').column('token_hash').unique().execute();
  await db.schema.createIndex('session_account').on('session').column('account_id').execute();

  await db.schema
    .createTable('remember_me_token')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('account_id', 'varchar(36)', (c) => c.notNull().references('account.id').onDelete('cascade'))
    .addColumn('family_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .addColumn('revoked_at', 'bigint')
    .execute();
  await db.schema.createIndex('remember_me_token_hash').on('remember_me_token').column('token_hash').unique().execute();
  await db.schema.createIndex('remember_me_token_family').on('remember_me_token').column('family_id').execute();

  await db.schema
    .createTable('signup_request')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('reference_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('email', 'varchar(320)', (c) => c.notNull())
    .addColumn('country_code', 'varchar(4)', (c) => c.notNull())
    .addColumn('phone_number', 'varchar(16)', (c) => c.notNull())
    .addColumn('phone_e164', 'varchar(20)', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('surname', 'varchar(100)', (c) => c.notNull())
    .addColumn('language', 'varchar(8)', (c) => c.notNull())
    .addColumn('eula_id', 'integer', (c) => c.notNull().references('eula.id'))
    .addColumn('channel', 'varchar(8)', (c) => c.notNull())
    .addColumn('otp_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('otp_expires_at', 'bigint', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('resends', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('ip', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('signup_request_reference').on('signup_request').column('reference_hash').unique().execute();

  await db.schema
    .createTable('captcha')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('answer', 'varchar(16)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .execute();
  await db.schema.createIndex('captcha_expires').on('captcha').column('expires_at').execute();

  // Fixed-window counters for failures and request budgets (keys like "login-fail:ip:1.2.3.4").
  await db.schema
    .createTable('rate_counter')
    .addColumn('key', 'varchar(400)', (c) => c.primaryKey())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('window_start', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('job')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('type', 'varchar(64)', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (c) => c.notNull())
    .addColumn('run_at', 'bigint', (c) => c.notNull())
    .addColumn('locked_by', 'varchar(64)')
    .addColumn('locked_until', 'bigint')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('job_claim').on('job').columns(['status', 'run_at']).execute();

  await db.schema
    .createTable('remote_config')
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('language', 'varchar(8)', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('remote_config_pk', ['name', 'language'])
    .execute();

  await db.schema
    .createTable('account_setting')
    .addColumn('account_id', 'varchar(36)', (c) => c.notNull().references('account.id').onDelete('cascade'))
    .addColumn('param', 'varchar(100)', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('account_setting_pk', ['account_id', 'param'])
    .execute();

  await db.schema
    .createTable('authority')
    .addColumn('account_id', 'varchar(36)', (c) => c.notNull().references('account.id').onDelete('cascade'))
    .addColumn('type', 'varchar(64)', (c) => c.notNull())
    .addPrimaryKeyConstraint('authority_pk', ['account_id', 'type'])
    .execute();

  await db.schema
    .createTable('notification')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('account_id', 'varchar(36)', (c) => c.notNull().references('account.id').onDelete('cascade'))
    .addColumn('type', 'varchar(64)', (c) => c.notNull())
    .addColumn('notification_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('language', 'varchar(8)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('notification_account').on('notification').columns(['account_id', 'created_at']).execute();

  await seed(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function seed(db: Kysely<any>): Promise<void> {
  const at = Date.now();
  const eula = (title: string, body: string) =>
    `<h2>${title}</h2><p>${body}</p>`;
  await db
    .insertInto('eula')
    .values([
      {
        id: 1,
        locale: 'en',
        version: 1,
        created_at: at,
        content: eula(
          'Bulut Terms of Use',
          'Bulut stores your files and photos on the operator’s servers. You keep every right to your content; we process it only to store it, show it to you and share it where you ask us to. You must not upload unlawful content. We may suspend accounts that break these terms. Your storage quota depends on your package; a read-only state applies when a package ends and the quota is exceeded.',
        ),
      },
      {
        id: 2,
        locale: 'tr',
        version: 1,
        created_at: at,
        content: eula(
          'Bulut Kullanım Koşulları',
          'Bulut, dosyalarınızı ve fotoğraflarınızı operatörün sunucularında saklar. İçeriğinizin tüm hakları sizde kalır; onu yalnızca saklamak, size göstermek ve istediğiniz yerde paylaşmak için işleriz. Hukuka aykırı içerik yükleyemezsiniz. Bu koşulları ihlal eden hesapları askıya alabiliriz. Depolama kotanız paketinize bağlıdır; paket sona erdiğinde ve kota aşıldığında hesap salt okunur duruma geçer.',
        ),
      },
    ])
    .execute();

  // Seeded defaults of the remote-config parameters the clients read; operators change values in this table.
  const defaults: Record<string, string> = {
    masterpass_end_date_duration: '8',
    resignup_enabled: 'true',
    show_download_app: 'true',
    max_select_count: '500',
    packages_discount_rate: '30',
    photos_banner_redisplay_after_closing: '7',
    chatbot_menu_enabled: 'false',
    only_office_enabled: 'false',
    buyonegetonecampaign: 'false',
    ai_generate_show: 'false',
    package_types: 'STORAGE,FAMILY',
    max_family_member_count: '5',
    etk_permission_description:
      'I agree to receive commercial electronic messages about Bulut campaigns and services.',
    kvkk_toggle_text: 'I have read the personal data protection notice.',
    text_etk_and_kvkk: 'You can change your communication permissions at any time in Settings.',
  };
  const localized: Array<{ name: string; language: string; value: string }> = [
    {
      name: 'etk_permission_description',
      language: 'tr',
      value: 'Bulut kampanyaları ve hizmetleri hakkında ticari elektronik ileti almayı kabul ediyorum.',
    },
    { name: 'kvkk_toggle_text', language: 'tr', value: 'Kişisel verilerin korunması aydınlatma metnini okudum.' },
    {
      name: 'text_etk_and_kvkk',
      language: 'tr',
      value: 'İletişim izinlerinizi Ayarlar bölümünden istediğiniz zaman değiştirebilirsiniz.',
    },
  ];
  await db
    .insertInto('remote_config')
    .values([...Object.entries(defaults).map(([name, value]) => ({ name, language: '*', value })), ...localized])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const t of [
    'notification',
    'authority',
    'account_setting',
    'remote_config',
    'job',
    'rate_counter',
    'captcha',
    'signup_request',
    'remember_me_token',
    'session',
    'account',
    'eula',
  ]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
