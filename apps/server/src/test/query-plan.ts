import { CompiledQuery, type Kysely, type KyselyPlugin, type RootOperationNode } from 'kysely';
import type { DB } from '../infra/db/schema.js';

/** Records the SQL of every query a block runs, so a test can ask the database how it would execute it. */
class Recorder implements KyselyPlugin {
  nodes: RootOperationNode[] = [];
  transformQuery(args: { node: RootOperationNode }) {
    this.nodes.push(args.node);
    return args.node;
  }
  async transformResult<R>(args: { result: R }) {
    return args.result;
  }
}

/** The plans (EXPLAIN QUERY PLAN on SQLite, EXPLAIN on PostgreSQL) of every query `run` makes, as text. */
export async function queryPlans(db: Kysely<DB>, dialect: 'sqlite' | 'postgres', run: (db: Kysely<DB>) => Promise<unknown>): Promise<string[]> {
  const recorder = new Recorder();
  await run(db.withPlugin(recorder));
  const executor = db.getExecutor();
  const plans: string[] = [];
  for (const node of recorder.nodes) {
    const q = executor.compileQuery(node, { queryId: 'plan' } as never);
    const prefix = dialect === 'sqlite' ? 'EXPLAIN QUERY PLAN ' : 'EXPLAIN ';
    const res = await db.executeQuery<Record<string, unknown>>(CompiledQuery.raw(prefix + q.sql, [...q.parameters]));
    plans.push(res.rows.map((r) => String(r.detail ?? r['QUERY PLAN'])).join('\n'));
  }
  return plans;
}
