import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authed, DIALECTS, expectError, signUp, startTestApp, uniqueUser, type TestApp } from '../../test/harness.js';

describe.each(DIALECTS)('package agreements (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect, {
      INVOICE_SELLER_NAME: 'Örnek Telekom A.Ş.',
      INVOICE_SELLER_TAX_ID: '1234567890',
      INVOICE_SELLER_ADDRESS: 'Levent, İstanbul',
      PUBLIC_URL: 'https://bulut.example.test',
    });
  });
  afterAll(() => t.close());

  const get = (token: string | null, query: string) =>
    t.app.inject({ method: 'GET', url: `/api/packages/agreements?${query}`, headers: token ? authed(token) : {} });
  const idOf = async (token: string, code: string) =>
    ((await t.app.inject({ method: 'GET', url: '/api/packages', headers: authed(token) })).json().packages as Array<{ id: string; code: string }>).find((p) => p.code === code)!.id;

  it('fills both documents with the plan, the price, the operator as seller and the account as buyer, in Turkish', async () => {
    const me = await signUp(t);
    await t.app.inject({ method: 'POST', url: '/api/account/address', headers: authed(me.token), payload: { address: 'Moda Cd. 1, Kadıköy' } });
    const res = await get(me.token, `packageId=${await idOf(me.token, 'STORAGE_50GB_MONTHLY')}&language=tr`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { language: string; documents: Array<{ kind: string; title: string; text: string }> };
    expect(body.language).toBe('tr');
    expect(body.documents.map((d) => [d.kind, d.title])).toEqual([
      ['PRE_INFORMATION', 'Ön Bilgilendirme Formu'],
      ['DISTANCE_SALES', 'Mesafeli Satış Sözleşmesi'],
    ]);
    for (const doc of body.documents) {
      expect(doc.text).toContain('Örnek Telekom A.Ş.');
      expect(doc.text).toContain('1234567890');
      expect(doc.text).toContain('Levent, İstanbul');
      expect(doc.text).toContain(`${me.user.name} ${me.user.surname}`);
      expect(doc.text).toContain(me.user.email);
      expect(doc.text).toContain(`+90${me.user.phoneNumber}`);
      expect(doc.text).toContain('Moda Cd. 1, Kadıköy');
      expect(doc.text).toContain('50 GB');
      expect(doc.text).toContain('aylık');
      // 24.99 TL, VAT (20 %) included: 4.17 TL of it.
      expect(doc.text).toMatch(/₺24,99/);
      expect(doc.text).toMatch(/₺4,17/);
      expect(doc.text).toContain('CAYMA HAKKI');
      expect(doc.text).toContain('https://bulut.example.test/main/packages');
    }
  });

  it('English in English; other interface languages read the English text (the response says so)', async () => {
    const me = await signUp(t, { ...uniqueUser(), language: 'de' });
    const id = await idOf(me.token, 'FAMILY_2TB_YEARLY');
    const en = (await get(me.token, `packageId=${id}&language=en`)).json();
    expect(en.language).toBe('en');
    expect(en.documents.map((d: { title: string }) => d.title)).toEqual(['Preliminary Information Form', 'Distance Sales Agreement']);
    expect(en.documents[1].text).toContain('2 TB cloud storage package, yearly subscription, family sharing (up to 5 people)');
    expect(en.documents[0].text).toContain('RIGHT OF WITHDRAWAL');
    const de = (await get(me.token, `packageId=${id}&language=de`)).json();
    expect(de).toEqual(en);
  });

  it('refuses an unknown package (404), a bad language or id (400), and a visitor (401)', async () => {
    const me = await signUp(t);
    const id = await idOf(me.token, 'STORAGE_50GB_MONTHLY');
    expectError(await get(me.token, `packageId=00000000-0000-4000-8000-000000000000&language=tr`), 404);
    expectError(await get(me.token, `packageId=${id}&language=xx`), 400, 'VALIDATION_ERROR');
    expectError(await get(me.token, `packageId=nope&language=tr`), 400, 'VALIDATION_ERROR');
    expectError(await get(me.token, `language=tr`), 400, 'VALIDATION_ERROR');
    expectError(await get(null, `packageId=${id}&language=tr`), 401);
  });
});
