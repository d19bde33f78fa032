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

/** The account being deleted, as the purge hooks get it. */
export interface PurgedAccount {
  id: string;
  /** Its e-mail address and E.164 phone number before deletion replaced them. */
  email: string;
  phoneE164: string;
  /** When the deletion was asked for: what the person started after it (a new sign-up) is not theirs to purge. */
  deletedAt: number;
}

/** What a module gives to "Download all my data" (issue 34): a section of account.json, and files of its own. */
export interface ExportedData {
  /** Goes into account.json under the module's name. */
  section?: unknown;
  /** Files at the top of the archive (contacts.vcf, albums.json): small enough to build in memory. */
  files?: Array<{ path: string; content: Buffer }>;
}

/** Where the export put the account's files, so a manifest (albums.json) can point at them. */
export interface ArchivePaths {
  /** The archive path of each live file among `fileIds` (others are left out). */
  pathsOf(fileIds: readonly string[]): Promise<Map<string, string>>;
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
  /**
   * Account deletion: removes every row of this module's tables and every blob it stored that belong to the account
   * (and rows elsewhere in its tables that name it, e.g. as an invitee). The deletion job calls each module's hook in
   * reverse registration order (a module before the modules it was built from), then the account module's, which
   * deletes the account row last. Must be idempotent: after a crash the job runs every hook again from the start.
   * The e-mail and phone are the account's own (as before deletion replaced them), for rows keyed by contact.
   */
  purgeAccount?: (account: PurgedAccount) => Promise<void>;
  /** Download all my data: what this module holds for the account, from its own tables (never another module's). */
  exportAccount?: (accountId: string, archive: ArchivePaths) => Promise<ExportedData>;
}

/** A manifest that also hands its service to the modules built after it. */
export type ModuleWith<S> = ModuleManifest & { service: S };
