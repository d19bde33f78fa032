import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import {
  CompiledQuery,
  type Kysely,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryId,
  type RootOperationNode,
} from 'kysely';
import type { DB } from '../../infra/db/schema.js';
import { authed, type TestApp } from '../../test/harness.js';
import { nameKey } from '../../shared/names.js';
import { insertFile, MEDIA_KIND, ROOT } from '../files/files.public.js';
import { NO_MEDIA } from '../media/media.public.js';
import { utcDay } from './timeline.facts.js';

/**
 * A processed photo or video row, as upload + media processing leave it: taken at `takenAt` (epoch ms), on the local
 * day `day` (YYYYMMDD; by default the UTC day of takenAt).
 */
export async function addPhoto(
  t: TestApp,
  accountId: string,
  takenAt: number,
  opts: { day?: number; video?: boolean; favourite?: boolean; hidden?: boolean; parentId?: string; name?: string; id?: string } = {},
): Promise<string> {
  const id = opts.id ?? randomUUID();
  const name = opts.name ?? `${id}.${opts.video ? 'mp4' : 'jpg'}`;
  await insertFile(t.database.db, {
    id,
    account_id: accountId,
    parent_id: opts.parentId ?? ROOT,
    name,
    name_key: nameKey(name),
    is_folder: 0,
    bytes: 1000,
    content_type: opts.video ? 'video/mp4' : 'image/jpeg',
    document_type: null,
    blob_key: `users/${accountId}/files/${id}`,
    favourite: opts.favourite ? 1 : 0,
    hidden: opts.hidden ? 1 : 0,
    status: 'ACTIVE',
    device_type: 'WEB',
    created_at: takenAt,
    last_modified_at: takenAt,
    ...NO_MEDIA,
    taken_at: takenAt,
    media_status: 'READY',
    taken_day: opts.day ?? utcDay(takenAt),
    media_kind: opts.video ? MEDIA_KIND.video : MEDIA_KIND.image,
  });
  return id;
}

/** Many processed photos at once (a big day), in rows of 500; their uuids in the order of `takenAts`. */
export async function addPhotos(t: TestApp, accountId: string, takenAts: readonly number[]): Promise<string[]> {
  const rows = takenAts.map((takenAt) => {
    const id = randomUUID();
    return {
      id,
      account_id: accountId,
      parent_id: ROOT,
      name: `${id}.jpg`,
      name_key: nameKey(`${id}.jpg`),
      is_folder: 0,
      bytes: 1000,
      content_type: 'image/jpeg',
      document_type: null,
      blob_key: `users/${accountId}/files/${id}`,
      favourite: 0,
      hidden: 0,
      status: 'ACTIVE' as const,
      device_type: 'WEB',
      created_at: takenAt,
      last_modified_at: takenAt,
      ...NO_MEDIA,
      taken_at: takenAt,
      media_status: 'READY' as const,
      taken_day: utcDay(takenAt),
      media_kind: MEDIA_KIND.image,
    };
  });
  for (let i = 0; i < rows.length; i += 500) await t.database.db.insertInto('file').values(rows.slice(i, i + 500)).execute();
  return rows.map((r) => r.id);
}

/** Where a keyset page starts or ends: a photo of the day as the client has it. */
export interface PageCursor {
  takenDate: number;
  uuid: string;
}

export interface GroupsBody {
  category: string;
  total: number;
  groups: Array<{ key: string; year: number; month: number; day: number; count: number; offset: number }>;
}
export interface GroupPage {
  key: string;
  count: number;
  offset: number;
  items: Array<Record<string, unknown> & { uuid: string }>;
  hasMore: boolean;
}

/** The timeline API as the web client calls it. */
export function timelineApi(t: TestApp, token: string) {
  const h = authed(token);
  const cat = (category?: string) => (category === undefined ? '' : `?category=${encodeURIComponent(category)}`);
  return {
    groupsRaw: (category?: string) => t.app.inject({ method: 'GET', url: `/api/scroll/groups${cat(category)}`, headers: h }),
    listRaw: (body: unknown, category?: string) =>
      t.app.inject({ method: 'POST', url: `/api/scroll/groups/list${cat(category)}`, headers: h, payload: body as object }),
    positionRaw: (x: string | number, category?: string) =>
      t.app.inject({ method: 'GET', url: `/api/scroll/position/${x}${cat(category)}`, headers: h }),
    async groups(category?: string): Promise<GroupsBody> {
      return ok(await this.groupsRaw(category)).json();
    },
    async list(
      groups: Array<{ key: string; offset?: number; limit?: number; after?: PageCursor; before?: PageCursor }>,
      category?: string,
    ): Promise<GroupPage[]> {
      return ok(await this.listRaw({ groups }, category)).json().groups;
    },
    /** Uuids of one whole group, in timeline order. */
    async uuids(key: string, category?: string): Promise<string[]> {
      const [page] = await this.list([{ key }], category);
      return page!.items.map((i) => i.uuid);
    },
  };
}

function ok(res: LightMyRequestResponse): LightMyRequestResponse {
  if (res.statusCode !== 200) throw new Error(`expected 200, got ${res.statusCode} ${res.body}`);
  return res;
}

/** Records the queries a block runs, so a test can ask the database how it would execute each of them. */
class Recorder implements KyselyPlugin {
  nodes: RootOperationNode[] = [];
  // Subqueries are transformed too, under their own ids; only queries that return results were sent.
  private readonly built = new Map<QueryId, RootOperationNode>();
  transformQuery(args: PluginTransformQueryArgs) {
    this.built.set(args.queryId, args.node);
    return args.node;
  }
  async transformResult(args: PluginTransformResultArgs) {
    const node = this.built.get(args.queryId);
    if (node) this.nodes.push(node);
    return args.result;
  }
}

/** The plan text of every query `run` sends (EXPLAIN QUERY PLAN on SQLite, EXPLAIN on PostgreSQL). */
export async function queryPlans(t: TestApp, run: (db: Kysely<DB>) => Promise<unknown>): Promise<string[]> {
  const recorder = new Recorder();
  await run(t.database.db.withPlugin(recorder));
  const executor = t.database.db.getExecutor();
  const prefix = t.database.dialect === 'sqlite' ? 'EXPLAIN QUERY PLAN ' : 'EXPLAIN ';
  const plans: string[] = [];
  for (const node of recorder.nodes) {
    const q = executor.compileQuery(node, { queryId: 'plan' } as never);
    const res = await t.database.db.executeQuery<Record<string, unknown>>(CompiledQuery.raw(prefix + q.sql, [...q.parameters]));
    plans.push(res.rows.map((r) => String(r.detail ?? r['QUERY PLAN'])).join('\n'));
  }
  return plans;
}
