/** What tools holds about one person, for her own export: products, qualifier results, AI conversations. */
import type { ToolsDb } from './db';

export async function ownToolsFacts(db: ToolsDb, userId: number) {
  const [products, qualifierResults, conversations, messages] = await Promise.all([
    db
      .selectFrom('products')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('position')
      .orderBy('id', 'desc')
      .execute(),
    db
      .selectFrom('qualifier_results')
      .select(['answers', 'score', 'result', 'keywords', 'emailed_to', 'created_at'])
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('ai_conversations')
      .select(['id', 'assistant', 'title', 'created_at', 'updated_at'])
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('ai_messages')
      .select(['conversation_id', 'role', 'content', 'created_at'])
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute(),
  ]);
  return { products, qualifierResults, conversations, messages };
}

export type OwnToolsFacts = Awaited<ReturnType<typeof ownToolsFacts>>;
