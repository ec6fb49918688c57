/**
 * Bulk position updates run as one statement: `UPDATE t SET position = v.position FROM (SELECT
 * unnest(string_to_array($1, ','))::integer AS id, ...) v WHERE t.id = v.id`. The lists travel as one
 * comma-separated text parameter each, since Kysely has no typed array cast and this package cannot import
 * its `sql` tag.
 */
export function csv(values: readonly number[]): string {
  return values.map((v) => Math.trunc(v)).join(',');
}
