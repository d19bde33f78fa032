import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Kysely } from 'kysely';
import { Type } from 'typebox';
import type { DB } from '../../infra/db/schema.js';
import { NotFound } from '../../shared/errors.js';
import { errorResponses } from '../../shared/schemas.js';

export class RemoteConfigService {
  constructor(private readonly db: Kysely<DB>) {}

  /** The value for the client's language when the operator set one, else the value for every language. */
  async get(name: string, language: string): Promise<string> {
    const rows = await this.db
      .selectFrom('remote_config')
      .select(['language', 'value'])
      .where('name', '=', name)
      .where('language', 'in', [language, '*'])
      .execute();
    const row = rows.find((r) => r.language === language) ?? rows.find((r) => r.language === '*');
    if (!row) throw NotFound(`Unknown remote parameter ${name}.`);
    return row.value;
  }
}

export const remoteConfigRoutes: FastifyPluginAsyncTypebox<{ remoteConfig: RemoteConfigService }> = async (
  app,
  { remoteConfig },
) => {
  app.get(
    '/remoteconfig',
    {
      // Public: the sign-up screen shows the consent texts before anyone is signed in.
      config: { public: true },
      schema: {
        operationId: 'getRemoteConfig',
        summary: 'Get remote configuration',
        tags: ['remoteconfig'],
        querystring: Type.Object({
          client: Type.Literal(3),
          parameter: Type.String({ pattern: '^[a-z0-9_]{1,100}$' }),
        }),
        headers: Type.Object({ 'x-client-language': Type.Optional(Type.String({ maxLength: 16 })) }),
        response: { 200: Type.Object({ parameter: Type.String(), value: Type.String() }), ...errorResponses },
      },
    },
    async (req, reply) => {
      // Clients must see an operator's change within a minute: no browser or proxy may keep an answer (decisions.md).
      reply.header('cache-control', 'no-store');
      const language = (req.headers['x-client-language'] ?? 'en').slice(0, 2).toLowerCase();
      return { parameter: req.query.parameter, value: await remoteConfig.get(req.query.parameter, language) };
    },
  );
};
