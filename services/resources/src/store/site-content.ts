/** Site content: one row holding the admins' videos and links as JSON. */
import { EMPTY_SITE_CONTENT, type SiteContent, siteContentSchema } from '@rainmakers/contracts';
import type { ResourcesDb } from './db';

export interface SiteContentRecord {
  content: SiteContent;
  updatedAt: Date | null;
}

/** The stored content; what nobody has set reads as empty (a field a later version added reads as not set). */
export async function readSiteContent(db: ResourcesDb): Promise<SiteContentRecord> {
  const row = await db.selectFrom('site_content').select(['content', 'updated_at']).executeTakeFirst();
  if (!row) return { content: EMPTY_SITE_CONTENT, updatedAt: null };
  const parsed = siteContentSchema.safeParse(row.content);
  return { content: parsed.success ? parsed.data : EMPTY_SITE_CONTENT, updatedAt: row.updated_at };
}

/** Replaces the content in one statement (two admins saving at once: the last one wins, whole). */
export async function writeSiteContent(
  db: ResourcesDb,
  content: SiteContent,
  updatedBy: number,
): Promise<SiteContentRecord> {
  const json = JSON.stringify(content);
  const row = await db
    .insertInto('site_content')
    .values({ id: true, content: json, updated_by: updatedBy, updated_at: new Date() })
    .onConflict((oc) => oc.column('id').doUpdateSet({ content: json, updated_by: updatedBy, updated_at: new Date() }))
    .returning(['updated_at'])
    .executeTakeFirstOrThrow();
  return { content, updatedAt: row.updated_at };
}
