import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { Type } from 'typebox';
import { ajvOptions } from '../../shared/input/input.js';
import { schemaCompilers } from './schema-compilers.js';

const Body = Type.Object({ name: Type.String({ minLength: 1 }), size: Type.Integer({ minimum: 0 }) }, { additionalProperties: false });
const Answer = Type.Object({ name: Type.String(), size: Type.Integer() });

const apps: FastifyInstance[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
});

/** An app like buildApp's (same Ajv options and compilers) with one route; its handler hands back the route's validator. */
async function appWith(body: object, headers?: object) {
  const app = Fastify({ ajv: ajvOptions, schemaController: { compilersFactory: schemaCompilers } });
  apps.push(app);
  const seen: { validate?: unknown } = {};
  app.post('/things', { schema: { body, ...(headers ? { headers } : {}), response: { 200: Answer } } }, async (req) => {
    seen.validate = req.getValidationFunction('body');
    return { ...(req.body as object), secret: 'not in the schema' };
  });
  await app.ready();
  return { app, seen };
}

describe('schema compilers shared by the apps of one process', () => {
  it('a second app gets the validator the first compiled for the same schema, and both validate and serialise as before', async () => {
    const a = await appWith(Body);
    // A structurally equal schema made anew (as a route plugin building its schema inline would) is the same schema.
    const b = await appWith(JSON.parse(JSON.stringify(Body)));
    for (const { app } of [a, b]) {
      const ok = await app.inject({ method: 'POST', url: '/things', payload: { name: 'a.txt', size: 3 } });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toEqual({ name: 'a.txt', size: 3 });
      const bad = await app.inject({ method: 'POST', url: '/things', payload: { name: '', size: -1 } });
      expect(bad.statusCode).toBe(400);
    }
    expect(a.seen.validate).toBeTypeOf('function');
    expect(b.seen.validate).toBe(a.seen.validate);
  });

  it('a schema that differs in any rule is compiled for itself', async () => {
    const a = await appWith(Body);
    const stricter = await appWith(Type.Object({ name: Type.String({ minLength: 2 }), size: Type.Integer({ minimum: 0 }) }, { additionalProperties: false }));
    expect((await a.app.inject({ method: 'POST', url: '/things', payload: { name: 'a', size: 1 } })).statusCode).toBe(200);
    expect((await stricter.app.inject({ method: 'POST', url: '/things', payload: { name: 'a', size: 1 } })).statusCode).toBe(400);
    expect((await stricter.app.inject({ method: 'POST', url: '/things', payload: { name: 'ab', size: 1 } })).statusCode).toBe(200);
    expect(stricter.seen.validate).not.toBe(a.seen.validate);
  });

  it('refuses a header schema naming a header in upper case (Fastify would no longer lower-case it for us)', async () => {
    await expect(appWith(Body, Type.Object({ 'X-Captcha-Id': Type.String() }))).rejects.toThrow(/lower case \(X-Captcha-Id\)/);
    const { app } = await appWith(Body, Type.Object({ 'x-captcha-id': Type.String() }));
    expect((await app.inject({ method: 'POST', url: '/things', headers: { 'X-Captcha-Id': 'c1' }, payload: { name: 'n', size: 0 } })).statusCode).toBe(200);
    expect((await app.inject({ method: 'POST', url: '/things', payload: { name: 'n', size: 0 } })).statusCode).toBe(400);
  });
});
