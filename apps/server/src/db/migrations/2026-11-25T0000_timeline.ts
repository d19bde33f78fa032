import type { Kysely } from 'kysely';

// timeline: day column, slideshow flag and indexes for the photo timeline (filled in by the timeline work)

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(_db: Kysely<any>): Promise<void> {}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(_db: Kysely<any>): Promise<void> {}
