/**
 * /api/ai/*: the AI Toolkit. Assistants (cards and their rules), streamed chats (server-sent events), a person's own
 * conversations, and the system prompts admins edit.
 *
 * POST /api/ai/chat answers `text/event-stream`: `event: conversation` {id}, then `event: token` {text} per piece in
 * order, then `event: done`; `event: error` {error} when the endpoint fails half-way. The client stopping (closing
 * the request) aborts the upstream call; what was streamed so far is kept as the answer.
 */
import {
  AI_ASSISTANT_LOCKED,
  AI_COMING_SOON,
  ASSISTANTS,
  type AssistantCard,
  aiChatSchema,
  aiPromptSchema,
  assistantByKey,
  idParam,
  mayUseAssistant,
} from '@rainmakers/contracts';
import { forbidden, notFound, parse, requireActor } from '@rainmakers/kit';
import { Router } from 'express';
import { answerChat, beginChat, CONVERSATION_NOT_FOUND } from '../commands/chat';
import type { ToolsDeps } from '../deps';
import { canChatWith, canEditPrompts, canListAssistants, canListConversations } from '../policies';
import {
  deleteConversation,
  findOwnConversation,
  listConversations,
  listMessages,
  promptOverrides,
  savePrompt,
} from '../store/ai';

export function aiRoutes(deps: ToolsDeps): Router {
  const router = Router();

  router.get('/assistants', async (req, res) => {
    const actor = requireActor(req);
    if (!canListAssistants(actor)) throw forbidden();
    const assistants: AssistantCard[] = ASSISTANTS.map((a) => ({
      key: a.key,
      name: a.name,
      description: a.description,
      comingSoon: a.comingSoon,
      available: mayUseAssistant(actor, a),
      route: a.route,
    }));
    res.json({ assistants, configured: deps.ai.configured, demo: deps.ai.configured && deps.aiDemo === true });
  });

  router.get('/conversations', async (req, res) => {
    const actor = requireActor(req);
    if (!canListConversations(actor)) throw forbidden();
    const assistant = typeof req.query.assistant === 'string' ? req.query.assistant.slice(0, 50) : undefined;
    const conversations = await listConversations(deps.db, actor.userId, assistant);
    res.json({
      conversations: conversations.map((c) => ({
        id: c.id,
        assistant: c.assistant,
        title: c.title,
        updatedAt: c.updatedAt.toISOString(),
      })),
    });
  });

  router.get('/conversations/:id', async (req, res) => {
    const actor = requireActor(req);
    const id = parse(idParam, req.params.id);
    if (!canListConversations(actor)) throw forbidden();
    const conversation = await findOwnConversation(deps.db, actor.userId, id);
    if (!conversation) throw notFound(CONVERSATION_NOT_FOUND);
    const messages = await listMessages(deps.db, id);
    res.json({
      conversation: { id, assistant: conversation.assistant, title: conversation.title },
      messages: messages.map((m) => ({
        id: m.id,
        role: m.role,
        content: m.content,
        createdAt: m.createdAt.toISOString(),
      })),
    });
  });

  router.delete('/conversations/:id', async (req, res) => {
    const actor = requireActor(req);
    const id = parse(idParam, req.params.id);
    if (!canListConversations(actor)) throw forbidden();
    if (!(await deleteConversation(deps.db, actor.userId, id))) throw notFound(CONVERSATION_NOT_FOUND);
    res.status(204).end();
  });

  router.get('/prompts', async (req, res) => {
    const actor = requireActor(req);
    if (!canEditPrompts(actor)) throw forbidden();
    const overrides = await promptOverrides(deps.db);
    res.json({
      prompts: ASSISTANTS.map((a) => ({
        key: a.key,
        name: a.name,
        systemPrompt: overrides.get(a.key) ?? a.systemPrompt,
      })),
    });
  });

  router.put('/prompts/:key', async (req, res) => {
    const actor = requireActor(req);
    const assistant = assistantByKey(String(req.params.key));
    const { systemPrompt } = parse(aiPromptSchema, req.body);
    if (!canEditPrompts(actor)) throw forbidden();
    if (!assistant) throw notFound('Assistant not found');
    await savePrompt(deps.db, assistant.key, systemPrompt);
    res.json({ prompt: { key: assistant.key, name: assistant.name, systemPrompt } });
  });

  router.post('/chat', async (req, res) => {
    const actor = requireActor(req);
    const input = parse(aiChatSchema, req.body);
    const assistant = assistantByKey(input.assistant);
    if (!assistant) throw notFound('Assistant not found');
    if (!canChatWith(actor, assistant)) {
      throw forbidden(assistant.comingSoon ? AI_COMING_SOON : AI_ASSISTANT_LOCKED);
    }
    const turn = await beginChat(deps, actor.userId, assistant, input);

    res.status(200).set({
      'Content-Type': 'text/event-stream; charset=utf-8',
      // no-transform: the compression middleware leaves the stream alone (it would buffer it).
      'Cache-Control': 'no-cache, no-transform',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
    });
    res.flushHeaders();
    const send = (event: string, data: unknown) => res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    send('conversation', { id: turn.conversation.id, title: turn.conversation.title });

    const controller = new AbortController();
    const stop = () => controller.abort();
    res.on('close', stop);
    try {
      await answerChat(deps, turn, controller.signal, (text) => send('token', { text }));
      send('done', {});
    } catch (error) {
      if (!controller.signal.aborted) {
        send('error', { error: 'The assistant could not answer right now. Please try again.' });
        req.log.warn({ err: error }, 'AI stream failed');
      }
    } finally {
      res.off('close', stop);
      res.end();
    }
  });

  return router;
}
