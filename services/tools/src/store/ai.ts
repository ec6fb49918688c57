/** AI Toolkit storage: prompts (admins) and a person's own conversations and messages. */
import type { ToolsDb } from './db';

export async function promptOverrides(db: ToolsDb): Promise<Map<string, string>> {
  const rows = await db.selectFrom('ai_prompts').select(['assistant', 'system_prompt']).execute();
  return new Map(rows.map((r) => [r.assistant, r.system_prompt]));
}

export async function savePrompt(db: ToolsDb, assistant: string, systemPrompt: string): Promise<void> {
  await db
    .insertInto('ai_prompts')
    .values({ assistant, system_prompt: systemPrompt })
    .onConflict((oc) => oc.column('assistant').doUpdateSet({ system_prompt: systemPrompt, updated_at: new Date() }))
    .execute();
}

export interface ConversationRecord {
  id: number;
  assistant: string;
  title: string;
  updatedAt: Date;
}

export async function listConversations(
  db: ToolsDb,
  userId: number,
  assistant?: string,
): Promise<ConversationRecord[]> {
  let query = db
    .selectFrom('ai_conversations')
    .select(['id', 'assistant', 'title', 'updated_at'])
    .where('user_id', '=', userId);
  if (assistant) query = query.where('assistant', '=', assistant);
  const rows = await query.orderBy('updated_at', 'desc').orderBy('id', 'desc').limit(100).execute();
  return rows.map((r) => ({ id: r.id, assistant: r.assistant, title: r.title, updatedAt: r.updated_at }));
}

export async function findOwnConversation(db: ToolsDb, userId: number, id: number): Promise<ConversationRecord | null> {
  const row = await db
    .selectFrom('ai_conversations')
    .select(['id', 'assistant', 'title', 'updated_at'])
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row ? { id: row.id, assistant: row.assistant, title: row.title, updatedAt: row.updated_at } : null;
}

export async function createConversation(
  db: ToolsDb,
  userId: number,
  assistant: string,
  title: string,
): Promise<ConversationRecord> {
  const row = await db
    .insertInto('ai_conversations')
    .values({ user_id: userId, assistant, title })
    .returning(['id', 'assistant', 'title', 'updated_at'])
    .executeTakeFirstOrThrow();
  return { id: row.id, assistant: row.assistant, title: row.title, updatedAt: row.updated_at };
}

export async function deleteConversation(db: ToolsDb, userId: number, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('ai_conversations')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export interface MessageRecord {
  id: number;
  role: 'user' | 'assistant';
  content: string;
  createdAt: Date;
}

export async function listMessages(db: ToolsDb, conversationId: number, limit = 200): Promise<MessageRecord[]> {
  const rows = await db
    .selectFrom('ai_messages')
    .select(['id', 'role', 'content', 'created_at'])
    .where('conversation_id', '=', conversationId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.reverse().map((r) => ({ id: r.id, role: r.role, content: r.content, createdAt: r.created_at }));
}

export async function addMessage(
  db: ToolsDb,
  message: { conversationId: number; userId: number; role: 'user' | 'assistant'; content: string },
): Promise<void> {
  await db
    .insertInto('ai_messages')
    .values({
      conversation_id: message.conversationId,
      user_id: message.userId,
      role: message.role,
      content: message.content,
    })
    .execute();
  await db
    .updateTable('ai_conversations')
    .set({ updated_at: new Date() })
    .where('id', '=', message.conversationId)
    .execute();
}

const startOfUtcDay = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));

/** The person's own messages since midnight UTC. */
export async function messagesToday(db: ToolsDb, userId: number): Promise<number> {
  const row = await db
    .selectFrom('ai_messages')
    .select((eb) => eb.fn.countAll<string>().as('total'))
    .where('user_id', '=', userId)
    .where('role', '=', 'user')
    .where('created_at', '>=', startOfUtcDay(new Date()))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

export async function deleteConversationsOf(db: ToolsDb, userId: number): Promise<number> {
  const result = await db.deleteFrom('ai_conversations').where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}
