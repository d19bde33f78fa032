import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { DB } from './db/schema.js';
import type { JobHandler, JobOptions, Schedule } from './jobs/job-queue.js';

/** A route plugin with the options it is registered with; `routes()` checks the pair, the tuple forgets the type. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type RouteDeclaration = readonly [plugin: FastifyPluginAsyncTypebox<any>, opts: object];

export const routes = <O extends object>(plugin: FastifyPluginAsyncTypebox<O>, opts: O): RouteDeclaration => [plugin, opts];

export interface JobDeclaration {
  type: string;
  handler: JobHandler;
  options?: JobOptions;
}

/**
 * What a feature module adds to the app. `app.ts` builds each module's manifest from its explicit dependencies (infra
 * and the services of the modules it uses) and registers them in one ordered list.
 */
export interface ModuleManifest {
  name: string;
  /** Registered under /api. */
  routes?: RouteDeclaration;
  jobs?: JobDeclaration[];
  /** Recurring jobs on the durable queue; one occurrence at a time across instances. */
  schedules?: Schedule[];
  /** The tables this module owns: it is their only writer, other modules go through its service. */
  tables: Array<keyof DB>;
}

/** A manifest that also hands its service to the modules built after it. */
export type ModuleWith<S> = ModuleManifest & { service: S };
