/**
 * A chat with an assistant (POST /api/ai/chat): the caller's daily limit, their conversation (found or started),
 * their message saved, the history and system prompt that go to the model; then the model's answer streamed and
 * saved (what was streamed so far, also when the client stops).
 */
import {
  AI_DAILY_LIMIT_REACHED,
  AI_DAILY_MESSAGE_LIMIT,
  AI_NOT_SET_UP,
  type AiChatInput,
  type AssistantSpec,
} from '@rainmakers/contracts';
import { HttpError, notFound, tooManyRequests } from '@rainmakers/kit';
import type { ChatTurn } from '../ai';
import type { ToolsDeps } from '../deps';
import {
  addMessage,
  type ConversationRecord,
  createConversation,
  findOwnConversation,
  listMessages,
  messagesToday,
  promptOverrides,
} from '../store/ai';

export const CONVERSATION_NOT_FOUND = 'Conversation not found';
/** How much of a conversation goes back to the model. */
export const HISTORY_MESSAGES = 20;

export interface ChatRequest {
  userId: number;
  assistantKey: string;
  conversation: ConversationRecord;
  /** The system prompt, then the history ending with the caller's message. */
  messages: ChatTurn[];
}

/** Checks the limit and the conversation, saves the caller's message; the caller may chat with `assistant`. */
export async function beginChat(
  deps: ToolsDeps,
  userId: number,
  assistant: AssistantSpec,
  input: AiChatInput,
): Promise<ChatRequest> {
  if (!deps.ai.configured) throw new HttpError(503, AI_NOT_SET_UP, undefined, 'AI_NOT_CONFIGURED');
  // The reads that do not depend on each other go out together (time to the first token).
  const [sentToday, existing, prompts] = await Promise.all([
    messagesToday(deps.db, userId),
    input.conversationId ? findOwnConversation(deps.db, userId, input.conversationId) : null,
    promptOverrides(deps.db),
  ]);
  if (sentToday >= AI_DAILY_MESSAGE_LIMIT) throw tooManyRequests(AI_DAILY_LIMIT_REACHED);
  if (input.conversationId && (!existing || existing.assistant !== assistant.key)) {
    throw notFound(CONVERSATION_NOT_FOUND);
  }
  const conversation =
    existing ?? (await createConversation(deps.db, userId, assistant.key, input.message.slice(0, 80)));
  await addMessage(deps.db, { conversationId: conversation.id, userId, role: 'user', content: input.message });
  // A new conversation's history is the message just saved: no need to read it back.
  const history = existing
    ? await listMessages(deps.db, conversation.id, HISTORY_MESSAGES)
    : [{ role: 'user' as const, content: input.message }];
  const systemPrompt = prompts.get(assistant.key) ?? assistant.systemPrompt;
  return {
    userId,
    assistantKey: assistant.key,
    conversation,
    messages: [
      { role: 'system', content: systemPrompt },
      ...history.map((m) => ({ role: m.role, content: m.content })),
    ],
  };
}

/** Streams the model's answer to `onToken`; saves what was answered (also when it fails or is aborted half-way). */
export async function answerChat(
  deps: ToolsDeps,
  turn: ChatRequest,
  signal: AbortSignal,
  onToken: (text: string) => void,
): Promise<void> {
  let answer = '';
  try {
    for await (const text of deps.ai.stream(deps.modelFor(turn.assistantKey), turn.messages, signal)) {
      answer += text;
      onToken(text);
    }
  } finally {
    if (answer) {
      await addMessage(deps.db, {
        conversationId: turn.conversation.id,
        userId: turn.userId,
        role: 'assistant',
        content: answer,
      });
    }
  }
}
