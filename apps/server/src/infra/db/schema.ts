/**
 * The whole database as Kysely sees it. Empty here on purpose: each table's owner (a module's `*.table.ts`, or the
 * infrastructure piece that owns it) adds its tables by augmenting this interface, so infrastructure never imports a
 * feature and a table's type lives beside its only writer.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface DB {}
