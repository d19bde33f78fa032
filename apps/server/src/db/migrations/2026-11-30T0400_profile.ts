import type { Kysely } from 'kysely';

// Issue 12, account and profile: profile fields and contact verification on the account, pending e-mail/phone changes,
// communication permissions with their history (KVKK: consent is kept as a record, never overwritten), EULA approvals,
// account deletions in progress, and the three consent texts in the nine languages that had none.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('account').addColumn('address', 'varchar(500)').execute();
  await db.schema.alterTable('account').addColumn('birthday', 'varchar(10)').execute();
  await db.schema.alterTable('account').addColumn('email_verified_at', 'bigint').execute();
  await db.schema.alterTable('account').addColumn('pending_email', 'varchar(320)').execute();

  await db.schema
    .createTable('contact_verification')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('account_id', 'varchar(36)', (c) => c.notNull().references('account.id').onDelete('cascade'))
    // EMAIL (link to a new address), PHONE_CHANGE (code to a new number), PHONE_VERIFY (code to the current number).
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    // Hash of the e-mailed link's token or of the OTP ticket's reference.
    .addColumn('reference_hash', 'varchar(64)', (c) => c.notNull().unique())
    // The new e-mail, or the new phone as E.164 with its parts.
    .addColumn('target', 'varchar(320)', (c) => c.notNull())
    .addColumn('country_code', 'varchar(4)')
    .addColumn('phone_number', 'varchar(16)')
    .addColumn('otp_hash', 'varchar(64)')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('resends', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('contact_verification_account').on('contact_verification').columns(['account_id', 'kind']).execute();

  await db.schema
    .createTable('account_permission')
    .addColumn('account_id', 'varchar(36)', (c) => c.notNull().references('account.id').onDelete('cascade'))
    .addColumn('type', 'varchar(16)', (c) => c.notNull())
    .addColumn('is_approved', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('account_permission_pk', ['account_id', 'type'])
    .execute();
  await db.schema
    .createTable('permission_history')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('account_id', 'varchar(36)', (c) => c.notNull().references('account.id').onDelete('cascade'))
    .addColumn('type', 'varchar(16)', (c) => c.notNull())
    .addColumn('is_approved', 'integer', (c) => c.notNull())
    .addColumn('ip', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('permission_history_account').on('permission_history').columns(['account_id', 'created_at']).execute();

  await db.schema
    .createTable('eula_approval')
    .addColumn('account_id', 'varchar(36)', (c) => c.notNull().references('account.id').onDelete('cascade'))
    .addColumn('eula_id', 'integer', (c) => c.notNull().references('eula.id'))
    .addColumn('ip', 'varchar(64)', (c) => c.notNull())
    .addColumn('approved_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('eula_approval_pk', ['account_id', 'eula_id'])
    .execute();

  // No foreign key: the row must outlive the account row, which the job deletes before this one.
  await db.schema
    .createTable('account_deletion')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('account_id', 'varchar(36)', (c) => c.notNull().unique())
    // The account's own contact details (the account row's are replaced at once), for rows keyed by contact.
    .addColumn('email', 'varchar(320)', (c) => c.notNull())
    .addColumn('phone_e164', 'varchar(20)', (c) => c.notNull())
    // Names of the modules whose purge is done, comma-separated: the job continues with the first one not listed.
    .addColumn('done', 'text', (c) => c.notNull())
    .addColumn('requested_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.insertInto('remote_config').values(CONSENT_TEXTS).onConflict((oc) => oc.doNothing()).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['account_deletion', 'eula_approval', 'permission_history', 'account_permission', 'contact_verification']) {
    await db.schema.dropTable(t).execute();
  }
  for (const c of ['pending_email', 'email_verified_at', 'birthday', 'address']) {
    await db.schema.alterTable('account').dropColumn(c).execute();
  }
  for (const { name, language } of CONSENT_TEXTS) {
    await db.deleteFrom('remote_config').where('name', '=', name).where('language', '=', language).execute();
  }
}

const TEXTS: Record<string, [etk: string, kvkk: string, both: string]> = {
  en: [
    'I agree to receive commercial electronic messages about Bulut campaigns and services.',
    'I have read the personal data protection notice.',
    'You can change your communication permissions at any time in Settings.',
  ],
  ru: [
    'Я согласен получать коммерческие электронные сообщения о кампаниях и услугах Bulut.',
    'Я прочитал уведомление о защите персональных данных.',
    'Вы можете в любой момент изменить разрешения на связь в Настройках.',
  ],
  uk: [
    'Я погоджуюся отримувати комерційні електронні повідомлення про акції та послуги Bulut.',
    'Я прочитав повідомлення про захист персональних даних.',
    'Ви можете будь-коли змінити дозволи на зв’язок у Налаштуваннях.',
  ],
  ar: [
    'أوافق على تلقي رسائل إلكترونية تجارية حول حملات Bulut وخدماتها.',
    'لقد قرأت إشعار حماية البيانات الشخصية.',
    'يمكنك تغيير أذونات التواصل في أي وقت من الإعدادات.',
  ],
  de: [
    'Ich bin damit einverstanden, kommerzielle elektronische Nachrichten über Aktionen und Dienste von Bulut zu erhalten.',
    'Ich habe den Hinweis zum Schutz personenbezogener Daten gelesen.',
    'Sie können Ihre Kommunikationsberechtigungen jederzeit in den Einstellungen ändern.',
  ],
  es: [
    'Acepto recibir mensajes electrónicos comerciales sobre las campañas y los servicios de Bulut.',
    'He leído el aviso de protección de datos personales.',
    'Puedes cambiar tus permisos de comunicación en cualquier momento en Ajustes.',
  ],
  ro: [
    'Sunt de acord să primesc mesaje electronice comerciale despre campaniile și serviciile Bulut.',
    'Am citit nota de informare privind protecția datelor cu caracter personal.',
    'Îți poți schimba oricând permisiunile de comunicare din Setări.',
  ],
  sq: [
    'Pranoj të marr mesazhe elektronike tregtare për fushatat dhe shërbimet e Bulut.',
    'Kam lexuar njoftimin për mbrojtjen e të dhënave personale.',
    'Mund t’i ndryshoni lejet e komunikimit në çdo kohë te Cilësimet.',
  ],
  fr: [
    'J’accepte de recevoir des messages électroniques commerciaux sur les campagnes et les services de Bulut.',
    'J’ai lu la notice relative à la protection des données personnelles.',
    'Vous pouvez modifier vos autorisations de communication à tout moment dans les Paramètres.',
  ],
  ka: [
    'ვეთანხმები Bulut-ის კამპანიებისა და სერვისების შესახებ კომერციული ელექტრონული შეტყობინებების მიღებას.',
    'წავიკითხე პერსონალური მონაცემების დაცვის შეტყობინება.',
    'კომუნიკაციის ნებართვების შეცვლა ნებისმიერ დროს შეგიძლიათ პარამეტრებში.',
  ],
};
const NAMES = ['etk_permission_description', 'kvkk_toggle_text', 'text_etk_and_kvkk'] as const;
const CONSENT_TEXTS = Object.entries(TEXTS).flatMap(([language, values]) =>
  NAMES.map((name, i) => ({ name, language, value: values[i] })),
);
