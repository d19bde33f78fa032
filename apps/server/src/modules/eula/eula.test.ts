import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, startTestApp, type TestApp } from '../../test/harness.js';
import { LANGUAGES } from '../../shared/schemas.js';

describe.each(DIALECTS)('terms of use and privacy notice (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it.each([
    ['terms of use', '/api/eula/get'],
    ['privacy notice', '/api/privacyPolicy/get'],
  ])('the %s exists in every interface language, each its own text, without a session', async (_, base) => {
    const texts = new Map<string, string>();
    for (const language of LANGUAGES) {
      const res = await get(`${base}/${language}?brand=BULUT`);
      expect(res.statusCode).toBe(200);
      const body = res.json() as { id: number; locale: string; version: number; content: string };
      expect(body).toMatchObject({ locale: language, version: 1 });
      expect(body.content).toMatch(/^<h2>.*Bulut.*<\/h2><p>.{200,}<\/p>$/su);
      texts.set(language, body.content);
    }
    expect(new Set(texts.values()).size).toBe(LANGUAGES.length);
  });

  it('a region tag reads as its language; a language without a text gets the English one; a bad tag is a 400', async () => {
    expect((await get('/api/privacyPolicy/get/de-AT')).json().locale).toBe('de');
    expect((await get('/api/eula/get/TR')).json().locale).toBe('tr');
    expect((await get('/api/privacyPolicy/get/nl')).json().locale).toBe('en');
    expect((await get('/api/privacyPolicy/get/x1')).statusCode).toBe(400);
  });
});
