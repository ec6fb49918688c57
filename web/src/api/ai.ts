/**
 * /api/ai/*: the AI Toolkit's cards, conversations and the streamed chat. Only types come from
 * @rainmakers/contracts' index; texts from its zod-free '/ai' subpath.
 */
import type { AssistantKey, ChatMessageBody, ConversationSummary } from '@rainmakers/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCurrentUser } from '../session/context';
import { api, apiStream } from './client';
import type { ApiAnswer } from './types';

export type { AssistantKey, ChatMessageBody, ConversationSummary };

export function useAiScope(): readonly ['ai', number, string] {
  const user = useCurrentUser();
  return ['ai', user.id, user.role] as const;
}

export function useAssistants() {
  const scope = useAiScope();
  return useQuery({
    queryKey: [...scope, 'assistants'],
    queryFn: ({ signal }) => api<ApiAnswer<'/api/ai/assistants', 'get'>>('/api/ai/assistants', { signal }),
  });
}

export function useConversations(assistant: AssistantKey) {
  const scope = useAiScope();
  return useQuery({
    queryKey: [...scope, 'conversations', assistant],
    queryFn: async ({ signal }) =>
      (
        await api<ApiAnswer<'/api/ai/conversations', 'get'>>('/api/ai/conversations', {
          query: { assistant },
          signal,
        })
      ).conversations,
  });
}

export const aiApi = {
  async messages(id: number): Promise<ChatMessageBody[]> {
    return (await api<ApiAnswer<'/api/ai/conversations/{id}', 'get'>>(`/api/ai/conversations/${id}`)).messages;
  },
  async remove(id: number): Promise<void> {
    await api(`/api/ai/conversations/${id}`, { method: 'DELETE' });
  },
};

export function useRefreshConversations(assistant: AssistantKey) {
  const scope = useAiScope();
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: [...scope, 'conversations', assistant] });
}

export type ChatEvent =
  | { type: 'conversation'; id: number }
  | { type: 'token'; text: string }
  | { type: 'done' }
  | { type: 'error'; error: string };

/** POST /api/ai/chat: calls `onEvent` for each server-sent event as it arrives; resolves when the stream ends. */
export async function streamChat(
  body: { assistant: AssistantKey; conversationId: number | null; message: string },
  onEvent: (event: ChatEvent) => void,
  signal: AbortSignal,
): Promise<void> {
  const response = await apiStream('/api/ai/chat', body, signal);
  const reader = response.body?.getReader();
  if (!reader) return;
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let end = buffer.indexOf('\n\n');
    while (end !== -1) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const name = /^event: (.*)$/m.exec(block)?.[1];
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (name && data) {
        const parsed = JSON.parse(data) as Record<string, unknown>;
        if (name === 'conversation') onEvent({ type: 'conversation', id: Number(parsed.id) });
        else if (name === 'token') onEvent({ type: 'token', text: String(parsed.text ?? '') });
        else if (name === 'done') onEvent({ type: 'done' });
        else if (name === 'error') onEvent({ type: 'error', error: String(parsed.error ?? '') });
      }
      end = buffer.indexOf('\n\n');
    }
  }
}

export interface AssistantPrompt {
  key: AssistantKey;
  name: string;
  systemPrompt: string;
}

/** Admins: every assistant's system prompt. */
export function usePrompts(enabled: boolean) {
  const scope = useAiScope();
  return useQuery({
    queryKey: [...scope, 'prompts'],
    queryFn: async ({ signal }) =>
      (await api<ApiAnswer<'/api/ai/prompts', 'get'>>('/api/ai/prompts', { signal })).prompts,
    enabled,
  });
}

export function useSavePrompt() {
  const scope = useAiScope();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ key, systemPrompt }: { key: AssistantKey; systemPrompt: string }) =>
      api(`/api/ai/prompts/${key}`, { method: 'PUT', body: { systemPrompt } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...scope, 'prompts'] }),
  });
}
