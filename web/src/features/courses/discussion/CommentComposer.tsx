import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { type FormEvent, useState } from 'react';
import { readDraft, writeDraft } from '../../../components/drafts';
import { COMMENT_BODY_MAX } from './constants';

/**
 * A comment's text field with its send button: a question, a reply or an edit. Markdown; the label names what it is
 * for; the field says how much is left near the limit. `onSubmit` resolves true when the server took it, and the
 * field then empties (or the edit closes). With `draftKey`, what she types is kept in localStorage until the server
 * has it or she cancels (components/drafts): moving to the next lesson or reloading does not lose a half-written question.
 */
export function CommentComposer({
  label,
  submitLabel,
  initial = '',
  autoFocus = false,
  pending,
  draftKey,
  onSubmit,
  onCancel,
}: {
  label: string;
  submitLabel: string;
  initial?: string;
  autoFocus?: boolean;
  pending: boolean;
  /** Where the unsent text is kept (components/drafts draftKey); none keeps nothing. */
  draftKey?: string;
  onSubmit: (body: string) => Promise<boolean>;
  onCancel?: () => void;
}) {
  // A draft typed over this same text comes back; one over text that has changed since is dropped.
  const [text, setText] = useState(() => {
    const draft = readDraft(draftKey);
    return draft && draft.base === initial ? draft.text : initial;
  });
  const keep = (next: string) => {
    setText(next);
    writeDraft(draftKey, next.trim() && next !== initial ? { text: next, base: initial } : null);
  };
  const [error, setError] = useState<string | null>(null);
  const left = COMMENT_BODY_MAX - text.length;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const body = text.trim();
    if (!body) {
      setError('Write something first');
      return;
    }
    if (body.length > COMMENT_BODY_MAX) {
      setError(`At most ${COMMENT_BODY_MAX} characters`);
      return;
    }
    setError(null);
    if (await onSubmit(body)) {
      setText('');
      writeDraft(draftKey, null);
    }
  };
  const cancel = onCancel
    ? () => {
        writeDraft(draftKey, null);
        onCancel();
      }
    : undefined;

  return (
    <Box component="form" onSubmit={submit} noValidate sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <TextField
        label={label}
        value={text}
        onChange={(e) => {
          keep(e.target.value);
          if (error) setError(null);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && cancel) {
            e.stopPropagation();
            cancel();
          }
        }}
        multiline
        minRows={2}
        maxRows={12}
        fullWidth
        autoFocus={autoFocus}
        error={error !== null || left < 0}
        helperText={error ?? (left < 500 ? `${left} characters left` : 'Markdown works: **bold**, lists, links.')}
        slotProps={{ htmlInput: { maxLength: COMMENT_BODY_MAX + 100 } }}
      />
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
        {cancel && (
          <Button onClick={cancel} disabled={pending}>
            Cancel
          </Button>
        )}
        <Button type="submit" variant="contained" loading={pending}>
          {submitLabel}
        </Button>
      </Box>
    </Box>
  );
}
