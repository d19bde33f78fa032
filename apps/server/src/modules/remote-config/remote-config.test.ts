import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, expectError, startTestApp, type TestApp } from '../../test/harness.js';
import { LANGUAGES } from '../../shared/schemas.js';

// Each remote-config parameter's default value; TEXTS below are the parameters holding localized texts.
const DEFAULTS: Record<string, string> = {
  masterpass_end_date_duration: '8',
  resignup_enabled: 'true',
  show_download_app: 'true',
  max_select_count: '500',
  packages_discount_rate: '30',
  photos_banner_redisplay_after_closing: '7',
  chatbot_menu_enabled: 'false',
  // The spec's default is false; this product ships the office editors, so issue 33's migration turns it on.
  only_office_enabled: 'true',
  buyonegetonecampaign: 'false',
};
const TEXTS = ['etk_permission_description', 'kvkk_toggle_text', 'text_etk_and_kvkk'];

describe.each(DIALECTS)('remote config (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t.close());

  const getParam = (parameter: string, language?: string, client: string | number = 3) =>
    t.app.inject({
      method: 'GET',
      url: `/api/remoteconfig?client=${client}&parameter=${encodeURIComponent(parameter)}`,
      headers: language ? { 'x-client-language': language } : {},
    });

  it.each(Object.entries(DEFAULTS))('%s defaults to %s', async (parameter, value) => {
    const res = await getParam(parameter, 'en');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ parameter, value });
  });

  it('serves the other named parameters as strings, without signing in', async () => {
    expect((await getParam('ai_generate_show')).json()).toEqual({ parameter: 'ai_generate_show', value: 'false' });
    expect((await getParam('max_family_member_count')).json()).toEqual({ parameter: 'max_family_member_count', value: '5' });
    const types = (await getParam('package_types')).json();
    expect(types.parameter).toBe('package_types');
    expect(types.value.split(',')).toEqual(expect.arrayContaining(['STORAGE', 'FAMILY']));
    for (const parameter of TEXTS) {
      const res = await getParam(parameter);
      expect(res.statusCode).toBe(200);
      expect(res.json().value.length).toBeGreaterThan(10);
    }
  });

  it('serves the consent texts in the client language, falling back to the common value', async () => {
    for (const parameter of TEXTS) {
      const en = (await getParam(parameter, 'en')).json().value as string;
      const tr = (await getParam(parameter, 'tr')).json().value as string;
      expect(tr).not.toBe(en);
      expect((await getParam(parameter, 'tr-TR')).json().value).toBe(tr);
      expect((await getParam(parameter, 'TR')).json().value).toBe(tr);
      // A language without its own text (none of the 11) gets the common one.
      expect((await getParam(parameter, 'nl')).json().value).toBe(en);
      expect((await getParam(parameter)).json().value).toBe(en);
    }
    expect((await getParam('kvkk_toggle_text', 'tr')).json().value).toBe(
      'Kişisel verilerin korunması aydınlatma metnini okudum.',
    );
    // A parameter with no language-specific value is the same for everyone.
    expect((await getParam('max_select_count', 'tr')).json().value).toBe('500');
  });

  it('has each consent text in all 11 languages, each its own translation', async () => {
    for (const parameter of TEXTS) {
      const values = new Set<string>();
      for (const language of LANGUAGES) {
        const res = await getParam(parameter, language);
        expect(res.statusCode).toBe(200);
        values.add(res.json().value);
      }
      expect(values.size).toBe(LANGUAGES.length);
    }
  });

  it('serves what the operator changed in the table', async () => {
    await t.database.db
      .updateTable('remote_config')
      .set({ value: '250' })
      .where('name', '=', 'max_select_count')
      .where('language', '=', '*')
      .execute();
    expect((await getParam('max_select_count')).json()).toEqual({ parameter: 'max_select_count', value: '250' });

    await t.database.db.insertInto('remote_config').values({ name: 'show_download_app', language: 'de', value: 'false' }).execute();
    expect((await getParam('show_download_app', 'de')).json().value).toBe('false');
    expect((await getParam('show_download_app', 'en')).json().value).toBe('true');

    await t.database.db.insertInto('remote_config').values({ name: 'brand_new_flag', language: '*', value: 'on' }).execute();
    expect((await getParam('brand_new_flag')).json()).toEqual({ parameter: 'brand_new_flag', value: 'on' });
  });

  it('an unknown parameter → 404', async () => {
    expectError(await getParam('no_such_parameter'), 404, 'NOT_FOUND');
  });

  it('a wrong client or a malformed request → 400', async () => {
    expectError(await getParam('max_select_count', 'en', 4), 400, 'VALIDATION_ERROR');
    expectError(await getParam('max_select_count', 'en', 'web'), 400, 'VALIDATION_ERROR');
    expectError(await t.app.inject({ method: 'GET', url: '/api/remoteconfig?parameter=max_select_count' }), 400);
    expect(expectError(await t.app.inject({ method: 'GET', url: '/api/remoteconfig?client=3' }), 400).field).toBe(
      'parameter',
    );
    for (const bad of ['MAX_SELECT_COUNT', "x' or '1'='1", '../etc', 'a'.repeat(101)]) {
      expectError(await getParam(bad), 400, 'VALIDATION_ERROR');
    }
    expectError(await getParam('max_select_count', 'x'.repeat(17)), 400, 'VALIDATION_ERROR');
  });
});
