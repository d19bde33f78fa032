import type { Kysely } from 'kysely';

// Issue 27: the operator edits the package catalogue from the console. A package gets its name in the 11 interface
// languages (`names`, a JSON object language → name) and the premium features it grants (`features`, a JSON array).
// Seeded from the web's plan-name texts (packages.plan_name / family_plan_name) so nothing changes for subscribers.

const LANGUAGES = ['tr', 'en', 'de', 'fr', 'es', 'ar', 'ru', 'uk', 'ka', 'ro', 'sq'] as const;
const PLAN: Record<(typeof LANGUAGES)[number], [storage: string, family: string]> = {
  tr: ['{{size}} depolama', '{{size}} aile'],
  en: ['{{size}} storage', '{{size}} family'],
  de: ['{{size}} Speicher', '{{size}} Familie'],
  fr: ['Stockage {{size}}', 'Famille {{size}}'],
  es: ['{{size}} de almacenamiento', '{{size}} familiar'],
  ar: ['تخزين {{size}}', 'عائلة {{size}}'],
  ru: ['Хранилище {{size}}', 'Семейный {{size}}'],
  uk: ['Сховище {{size}}', 'Сімейний {{size}}'],
  ka: ['{{size}} საცავი', '{{size}} საოჯახო'],
  ro: ['Stocare {{size}}', 'Familie {{size}}'],
  sq: ['Hapësirë {{size}}', 'Familjare {{size}}'],
};
/** What the premium authority unlocks today (they are granted together: one authority). */
const PREMIUM_FEATURES = ['FACE_RECOGNITION', 'PEOPLE_STORIES', 'STYLED_PHOTOS_PLUS'];

const sizeLabel = (bytes: number) => {
  const tib = bytes / 1024 ** 4;
  return tib >= 1 && Number.isInteger(tib) ? `${tib} TB` : `${Math.round(bytes / 1024 ** 3)} GB`;
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('package').addColumn('names', 'text', (c) => c.notNull().defaultTo('{}')).execute();
  await db.schema.alterTable('package').addColumn('features', 'text', (c) => c.notNull().defaultTo('[]')).execute();
  const rows = await db.selectFrom('package').select(['id', 'storage_bytes', 'family', 'premium']).execute();
  for (const r of rows as Array<{ id: string; storage_bytes: number | string; family: number; premium: number }>) {
    const size = sizeLabel(Number(r.storage_bytes));
    const names = Object.fromEntries(LANGUAGES.map((l) => [l, PLAN[l][Number(r.family) === 1 ? 1 : 0].replace('{{size}}', size)]));
    await db
      .updateTable('package')
      .set({ names: JSON.stringify(names), features: JSON.stringify(Number(r.premium) === 1 ? PREMIUM_FEATURES : []) })
      .where('id', '=', r.id)
      .execute();
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('package').dropColumn('features').execute();
  await db.schema.alterTable('package').dropColumn('names').execute();
}
