import AddRounded from '@mui/icons-material/AddRounded';
import ContentCopyRounded from '@mui/icons-material/ContentCopyRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import LockRounded from '@mui/icons-material/LockRounded';
import SendRounded from '@mui/icons-material/SendRounded';
import StopRounded from '@mui/icons-material/StopRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import {
  AI_DEMO_NOTICE,
  AI_MESSAGE_MAX,
  AI_NOT_SET_UP,
  assistantByKey,
  MASTERMIND_ONLY,
} from '@rainmakers/contracts/ai';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import {
  type AssistantKey,
  aiApi,
  streamChat,
  useAssistants,
  useConversations,
  useRefreshConversations,
} from '../../api/ai';
import { errorMessage } from '../../api/client';
import { DeferredMarkdown } from '../../components/DeferredMarkdown';
import { FormField } from '../../components/FormField';
import { LazyConfirmDialog, Tooltip } from '../../components/LazyMui';
import { PageHeader } from '../../components/PageHeader';
import { toast } from '../../components/toast';
import { useCurrentUser } from '../../session/context';

interface Line {
  role: 'user' | 'assistant';
  content: string;
}

/** Whether a line is the member's own (the chat's 'user' speaker, not a membership role). */
const SPOKEN_BY_MEMBER: Record<Line['role'], boolean> = { user: true, assistant: false };
const mine = (line: Line) => SPOKEN_BY_MEMBER[line.role];

/** The browser remembers the conversation last open with an assistant, per person, so a reload reopens it. */
const lastConversationKey = (userId: number, assistant: AssistantKey) => `rainmakers.ai.last.${userId}.${assistant}`;
function readLastConversation(key: string): number | null {
  try {
    const value = Number(window.localStorage.getItem(key));
    return Number.isInteger(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}
function writeLastConversation(key: string, id: number | null): void {
  try {
    if (id === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, String(id));
  } catch {
    // Storage refused (private mode, quota): the chat works, it only does not reopen after a reload.
  }
}

async function copyText(text: string): Promise<boolean> {
  try {
    if (!navigator.clipboard?.writeText) return false;
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** Copies one answer (its markdown text) with a toast saying whether it worked. */
function CopyAnswer({ text }: { text: string }) {
  return (
    <Tooltip title="Copy answer">
      <IconButton
        size="small"
        aria-label="Copy answer"
        onClick={async () => {
          const copied = await copyText(text);
          toast(
            copied ? 'Answer copied to the clipboard' : 'Your browser did not allow copying',
            copied ? 'success' : 'error',
          );
        }}
      >
        <ContentCopyRounded fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}

/**
 * A chat with one assistant: the member's conversations (new, continue, delete), answers streamed as they come and
 * rendered as safe markdown, a Stop button. Blocked people see 'Mastermind Members Only'; without an endpoint the
 * page says the assistants are not set up.
 */
export function AssistantChat({ assistant }: { assistant: AssistantKey }) {
  const spec = assistantByKey(assistant);
  const cards = useAssistants();
  const conversations = useConversations(assistant);
  const refreshList = useRefreshConversations(assistant);
  const userId = useCurrentUser().id;
  const storageKey = lastConversationKey(userId, assistant);
  const [conversationId, setConversationIdState] = useState<number | null>(null);
  const setConversationId = (id: number | null) => {
    setConversationIdState(id);
    writeLastConversation(storageKey, id);
  };
  const [deleting, setDeleting] = useState<{ id: number; title: string } | null>(null);
  const [removing, setRemoving] = useState(false);
  const restored = useRef(false);
  const [lines, setLines] = useState<Line[]>([]);
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [streaming, setStreaming] = useState(false);
  const controller = useRef<AbortController | null>(null);
  const end = useRef<HTMLDivElement | null>(null);

  useEffect(() => () => controller.current?.abort(), []);
  // After a reload: reopen the conversation last open, once the list shows it is still hers.
  useEffect(() => {
    if (restored.current || !conversations.data) return;
    restored.current = true;
    const last = readLastConversation(storageKey);
    if (last === null || !conversations.data.some((c) => c.id === last)) return;
    setConversationIdState(last);
    aiApi
      .messages(last)
      .then((messages) => setLines(messages.map((m) => ({ role: m.role, content: m.content }))))
      .catch(() => writeLastConversation(storageKey, null));
  }, [conversations.data, storageKey]);
  useEffect(() => {
    if (lines.length > 0) end.current?.scrollIntoView?.({ block: 'end' });
  }, [lines]);

  const card = cards.data?.assistants.find((a) => a.key === assistant);
  const title = spec?.name ?? 'Assistant';
  if (cards.isPending) {
    return (
      <Box role="status" aria-label="Loading assistant" sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
        <CircularProgress />
      </Box>
    );
  }
  if (!card?.available || card.comingSoon) {
    return (
      <Box>
        <PageHeader title={title} />
        <Alert severity="warning" icon={<LockRounded />}>
          {MASTERMIND_ONLY}
        </Alert>
        <Button component={RouterLink} to="/ai-toolkit" sx={{ mt: 2 }}>
          Back to the AI Toolkit
        </Button>
      </Box>
    );
  }
  if (!cards.data?.configured) {
    return (
      <Box>
        <PageHeader title={title} />
        <Alert severity="info">{AI_NOT_SET_UP}</Alert>
      </Box>
    );
  }

  const open = async (id: number | null) => {
    controller.current?.abort();
    setError(null);
    setConversationId(id);
    setLines(id === null ? [] : (await aiApi.messages(id)).map((m) => ({ role: m.role, content: m.content })));
  };

  const remove = async (id: number) => {
    setRemoving(true);
    try {
      await aiApi.remove(id);
      if (conversationId === id) await open(null);
      await refreshList();
      toast('Conversation deleted', 'success');
      setDeleting(null);
    } catch (failure) {
      toast(errorMessage(failure), 'error');
    } finally {
      setRemoving(false);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const message = draft.trim();
    if (!message || streaming) return;
    setDraft('');
    setError(null);
    setLines((current) => [...current, { role: 'user', content: message }, { role: 'assistant', content: '' }]);
    const abort = new AbortController();
    controller.current = abort;
    setStreaming(true);
    try {
      await streamChat(
        { assistant, conversationId, message },
        (e) => {
          if (e.type === 'conversation') setConversationId(e.id);
          else if (e.type === 'token') {
            setLines((current) => {
              const next = [...current];
              const last = next[next.length - 1];
              if (last) next[next.length - 1] = { ...last, content: last.content + e.text };
              return next;
            });
          } else if (e.type === 'error') setError(e.error);
        },
        abort.signal,
      );
    } catch (failure) {
      if (!(failure instanceof DOMException && failure.name === 'AbortError')) {
        setError(errorMessage(failure));
        setLines((current) => current.slice(0, -2));
        setDraft(message);
      }
    } finally {
      setStreaming(false);
      controller.current = null;
      void refreshList();
    }
  };

  return (
    <Box>
      <PageHeader title={title} subtitle={spec?.description} />
      {cards.data?.demo && (
        <Alert severity="warning" sx={{ mb: 2 }} data-testid="ai-demo-notice">
          {AI_DEMO_NOTICE}
        </Alert>
      )}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '260px 1fr' } }}>
        <Paper variant="outlined" sx={{ p: 1.5, alignSelf: 'start' }} component="nav" aria-label="Conversations">
          <Button fullWidth startIcon={<AddRounded />} onClick={() => void open(null)} sx={{ mb: 1 }}>
            New chat
          </Button>
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {(conversations.data ?? []).map((c) => (
              <Box component="li" key={c.id} sx={{ display: 'flex', alignItems: 'center' }}>
                <Button
                  onClick={() => void open(c.id)}
                  aria-current={c.id === conversationId ? 'true' : undefined}
                  sx={{ flex: 1, justifyContent: 'flex-start', textAlign: 'left', textTransform: 'none', minWidth: 0 }}
                >
                  <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                    {c.title}
                  </Box>
                </Button>
                <IconButton
                  size="small"
                  aria-label={`Delete conversation ${c.title}`}
                  onClick={() => setDeleting({ id: c.id, title: c.title })}
                >
                  <DeleteOutlineRounded fontSize="small" />
                </IconButton>
              </Box>
            ))}
          </Box>
        </Paper>
        <Paper
          variant="outlined"
          sx={{ p: { xs: 1.5, sm: 2 }, display: 'flex', flexDirection: 'column', minHeight: 420 }}
        >
          <Box
            role="log"
            aria-live="polite"
            aria-label="Messages"
            sx={{ flex: 1, display: 'grid', gap: 1.5, mb: 2, alignContent: 'start' }}
          >
            {lines.length === 0 && <Typography color="text.secondary">Ask {title} anything to get started.</Typography>}
            {lines.map((line, index) => (
              <Box
                // biome-ignore lint/suspicious/noArrayIndexKey: lines are only ever appended
                key={index}
                data-role={line.role}
                sx={{
                  justifySelf: mine(line) ? 'end' : 'start',
                  maxWidth: '85%',
                  px: 2,
                  py: 1,
                  borderRadius: 2,
                  bgcolor: mine(line) ? 'primary.main' : 'action.hover',
                  color: mine(line) ? 'primary.contrastText' : 'text.primary',
                  overflowWrap: 'anywhere',
                }}
              >
                {mine(line) ? (
                  <Typography sx={{ whiteSpace: 'pre-wrap' }}>{line.content}</Typography>
                ) : line.content ? (
                  <>
                    <DeferredMarkdown source={line.content} label={`${title} answer`} />
                    {!(streaming && index === lines.length - 1) && (
                      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 0.5 }}>
                        <CopyAnswer text={line.content} />
                      </Box>
                    )}
                  </>
                ) : (
                  <CircularProgress size={16} aria-label="Waiting for the answer" />
                )}
              </Box>
            ))}
            <div ref={end} />
          </Box>
          {error && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {error}
            </Alert>
          )}
          <Box component="form" onSubmit={submit} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
            <FormField
              label="Your message"
              name="message"
              value={draft}
              onChange={(e) => setDraft(e.target.value.slice(0, AI_MESSAGE_MAX))}
              multiline
              maxRows={6}
              onKeyDown={(e) => {
                if (e.key === 'Enter' && !e.shiftKey) {
                  e.preventDefault();
                  (e.currentTarget as HTMLElement).closest('form')?.requestSubmit();
                }
              }}
            />
            {streaming ? (
              <Button
                variant="outlined"
                color="error"
                startIcon={<StopRounded />}
                onClick={() => controller.current?.abort()}
              >
                Stop
              </Button>
            ) : (
              <Button type="submit" variant="contained" startIcon={<SendRounded />} disabled={!draft.trim()}>
                Send
              </Button>
            )}
          </Box>
        </Paper>
      </Box>
      <LazyConfirmDialog
        open={deleting !== null}
        title="Delete conversation"
        confirmLabel="Delete"
        pending={removing}
        onConfirm={() => deleting && void remove(deleting.id)}
        onClose={() => setDeleting(null)}
      >
        Delete the conversation "{deleting?.title}"? Its messages cannot be brought back.
      </LazyConfirmDialog>
    </Box>
  );
}
