import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { type BoardCard, boardApi, type PersonRef, useCoaches } from '../../../api/board';
import { errorMessage } from '../../../api/client';
import { toast } from '../../../components/toast';
import { BOARD_TOASTS } from '../constants';

import { Section } from './CardParts';
import type { Run } from './useCardRun';

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase())
    .join('');

export function CommentsSection({ card, canComment, run }: { card: BoardCard; canComment: boolean; run: Run }) {
  const [text, setText] = useState('');
  const [mentioned, setMentioned] = useState<PersonRef[]>([]);
  const [pickerOpen, setPickerOpen] = useState(false);
  const coaches = useCoaches(canComment && pickerOpen);
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
            onOpen={() => setPickerOpen(true)}
            onChange={(_, value) => setMentioned(value)}
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
            renderInput={(params) => <TextField {...params} label="Mention a coach" />}
            sx={{ mb: 1 }}
          />
          <TextField
            fullWidth
            multiline
            minRows={2}
            label="Write a comment"
            helperText={error ?? 'Enter sends, Shift+Enter starts a new line'}
            error={!!error}
            value={text}
            disabled={sending}
            onChange={(e) => setText(e.target.value)}
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
            <Box component="li" key={activity.id} sx={{ display: 'flex', gap: 1.25 }}>
              <Box
                aria-hidden="true"
                sx={{
                  flex: '0 0 auto',
                  width: 32,
                  height: 32,
                  borderRadius: '50%',
                  display: 'grid',
                  placeItems: 'center',
                  bgcolor: 'primary.main',
                  color: 'primary.contrastText',
                  fontSize: '0.75rem',
                  fontWeight: 700,
                }}
              >
                {initials(activity.User?.fullName ?? '?')}
              </Box>
              <Box sx={{ minWidth: 0, flex: 1 }}>
                <Typography variant="body2">
                  <strong>{activity.User?.fullName ?? 'Former member'}</strong>{' '}
                  <Box component="span" sx={{ color: 'text.secondary' }}>
                    {new Date(activity.createdAt).toLocaleString()}
                  </Box>
                </Typography>
                <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', mt: 0.25 }}>
                  {activity.comment}
                </Typography>
                {activity.TaggedUsers.length > 0 && (
                  <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mt: 0.5 }}>
                    {activity.TaggedUsers.map((p) => (
                      <Chip key={p.id} size="small" variant="outlined" label={`@${p.fullName}`} />
                    ))}
                  </Box>
                )}
              </Box>
            </Box>
          ))}
        </Box>
      )}
    </Section>
  );
}
