import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import { type BoardCard, boardApi, type PersonRef, useCoaches } from '../../../api/board';
import { errorMessage } from '../../../api/client';
import { toast } from '../../../components/toast';
import { BOARD_TOASTS } from '../constants';

import { Section } from './CardParts';
import { CommentItem, type CommentItemAbilities } from './CommentItem';
import type { Run } from './useCardRun';

export function CommentsSection({
  card,
  abilities,
  run,
}: {
  card: BoardCard;
  abilities: CommentItemAbilities;
  run: Run;
}) {
  const canComment = abilities.comment;
  const [text, setText] = useState('');
  const [mentioned, setMentioned] = useState<PersonRef[]>([]);
  const [pickerOpen, setPickerOpen] = useState(false);
  /** The picker has been opened once: the coaches are read from then on. */
  const [pickerUsed, setPickerUsed] = useState(false);
  const coaches = useCoaches(canComment && pickerUsed);
  /** Where an "@" was just typed in the comment box: choosing a coach writes the name there. */
  const atIndex = useRef<number | null>(null);
  const pickerInput = useRef<HTMLInputElement>(null);
  const commentBox = useRef<HTMLTextAreaElement>(null);

  const openPicker = () => {
    setPickerUsed(true);
    setPickerOpen(true);
  };
  /** Back to the comment box, the caret at `caret`. */
  const backToComment = (caret?: number) =>
    requestAnimationFrame(() => {
      const box = commentBox.current;
      if (!box) return;
      box.focus();
      const at = caret ?? box.value.length;
      box.setSelectionRange(at, at);
    });
  const pick = (value: PersonRef[]) => {
    const added = value.find((p) => !mentioned.some((m) => m.id === p.id));
    setMentioned(value);
    const at = atIndex.current;
    atIndex.current = null;
    if (at === null) return;
    setPickerOpen(false);
    if (!added) {
      backToComment(at + 1);
      return;
    }
    const name = `@${added.fullName} `;
    const next = `${text.slice(0, at)}${name}${text.slice(at + 1)}`;
    setText(next);
    backToComment(at + name.length);
  };
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const send = async () => {
    const comment = text.trim();
    if (!comment || sending) return;
    setSending(true);
    try {
      await boardApi.addComment({ comment, CardId: card.id, mentionedUsers: mentioned.map((p) => p.id) });
      toast(BOARD_TOASTS.commentAdded, 'success');
      setText('');
      setMentioned([]);
      setError(null);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setSending(false);
      void run(async () => undefined);
    }
  };

  return (
    <Section title="Comments">
      {canComment && (
        <Box sx={{ mb: 2 }}>
          <Autocomplete
            multiple
            size="small"
            options={coaches.data ?? []}
            loading={coaches.isPending && pickerOpen}
            value={mentioned}
            open={pickerOpen}
            onOpen={openPicker}
            onClose={(_, reason) => {
              setPickerOpen(false);
              // Escape or a click away after "@": the "@" stays as typed, the person goes on writing.
              if (atIndex.current !== null && reason !== 'selectOption') {
                const at = atIndex.current;
                atIndex.current = null;
                backToComment(at + 1);
              }
            }}
            onChange={(_, value) => pick(value)}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            getOptionLabel={(p) => `${p.fullName} (${p.email})`}
            renderOption={(props, p) => {
              const { key, ...rest } = props as typeof props & { key: string };
              return (
                <Box component="li" key={key} {...rest} sx={{ display: 'block !important' }}>
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {p.fullName}
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    {p.email}
                  </Typography>
                </Box>
              );
            }}
            renderValue={(value, getItemProps) =>
              value.map((p, index) => {
                const { key, ...itemProps } = getItemProps({ index });
                return <Chip key={key} size="small" label={`@${p.fullName}`} {...itemProps} />;
              })
            }
            renderInput={(params) => <TextField {...params} inputRef={pickerInput} label="Mention a coach" />}
            sx={{ mb: 1 }}
          />
          <TextField
            fullWidth
            multiline
            minRows={2}
            label="Write a comment"
            helperText={error ?? 'Enter sends, Shift+Enter starts a new line, @ mentions a coach'}
            error={!!error}
            value={text}
            disabled={sending}
            inputRef={commentBox}
            onChange={(e) => {
              const next = e.target.value;
              const caret = e.target.selectionStart ?? next.length;
              // "@" typed at the start or after a space opens the coach picker.
              const typedAt =
                next.length === text.length + 1 &&
                next[caret - 1] === '@' &&
                (caret === 1 || /\s/.test(next[caret - 2] ?? ''));
              setText(next);
              if (typedAt) {
                atIndex.current = caret - 1;
                openPicker();
                requestAnimationFrame(() => pickerInput.current?.focus());
              }
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && !e.shiftKey) {
                e.preventDefault();
                void send();
              }
            }}
          />
        </Box>
      )}
      {card.Activities.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No comments yet
        </Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }} aria-label="Comments">
          {card.Activities.map((activity) => (
            <CommentItem key={activity.id} activity={activity} abilities={abilities} run={run} />
          ))}
        </Box>
      )}
    </Section>
  );
}
