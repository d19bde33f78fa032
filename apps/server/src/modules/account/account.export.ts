import type { Executor } from '../../infra/db/executor.js';
import type { ExportedData } from '../../infra/module-manifest.js';

/** Download all my data: the profile as the person entered it and their settings (no secrets, no internal keys). */
export async function exportAccount(db: Executor, accountId: string): Promise<ExportedData> {
  const a = await db
    .selectFrom('account')
    .select(['email', 'country_code', 'phone_number', 'name', 'surname', 'language', 'address', 'birthday', 'recovery_email', 'quota_bytes', 'used_bytes', 'created_at'])
    .where('id', '=', accountId)
    .executeTakeFirst();
  if (!a) return {};
  const settings = await db.selectFrom('account_setting').select(['param', 'value']).where('account_id', '=', accountId).orderBy('param').execute();
  return {
    section: {
      profile: {
        email: a.email,
        phone: `${a.country_code}${a.phone_number}`,
        name: a.name,
        surname: a.surname,
        language: a.language,
        address: a.address,
        birthday: a.birthday,
        recoveryEmail: a.recovery_email,
        quotaBytes: Number(a.quota_bytes),
        usedBytes: Number(a.used_bytes),
        createdAt: new Date(Number(a.created_at)).toISOString(),
      },
      settings: Object.fromEntries(settings.map((s) => [s.param, s.value])),
    },
  };
}
