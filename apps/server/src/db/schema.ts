/**
 * The database as the application's queries see it. Each domain declares its tables in its own
 * file under `schema/` (one file per domain, beside the migrations that create them) and adds them
 * here by declaration merging:
 *
 * ```ts
 * declare module '../schema.js' {
 *   interface Database { stock_parts: StockPartTable }
 * }
 * ```
 *
 * Instants are epoch milliseconds (UTC); flags are 0/1 integers on both dialects. A program that
 * type-checks server code from outside `apps/server` (the benches, the web's end-to-end support)
 * includes `apps/server/src/db/schema/` in its tsconfig, so every domain's tables are merged in.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface Database {}
