import AddRounded from '@mui/icons-material/AddRounded';
import EditRounded from '@mui/icons-material/EditRounded';
import LabelOutlined from '@mui/icons-material/LabelOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState } from 'react';
import { type BoardCard, type BoardLabel, type BoardSummary, boardApi, useBoardLabels } from '../../../api/board';
import { BOARD_TOASTS, LABEL_CREATE_LIMIT, LABEL_SWATCHES } from '../constants';
import { updateCard } from '../model';

import { InstantCheckbox, Section } from './CardParts';
import type { Run } from './useCardRun';

// The label editor is rarely opened: its own download.
const LabelEditor = lazy(() => import('../LabelEditor'));

export function LabelChip({ label }: { label: Pick<BoardLabel, 'name' | 'color'> }) {
  return (
    <Box
      component="span"
      sx={{
        display: 'inline-block',
        px: 1,
        borderRadius: 1,
        fontSize: '0.8125rem',
        fontWeight: 700,
        lineHeight: '26px',
        minWidth: 40,
        color: '#1F1424',
        bgcolor: LABEL_SWATCHES[label.color].bg,
      }}
    >
      {label.name || LABEL_SWATCHES[label.color].name}
    </Box>
  );
}

type Editing = { mode: 'create' } | { mode: 'update'; label: BoardLabel } | null;

export function LabelsSection({
  boardUserId,
  card,
  summary,
  run,
}: {
  boardUserId: number;
  card: BoardCard;
  summary: BoardSummary;
  run: Run;
}) {
  const canEdit = summary.abilities.edit;
  const [open, setOpen] = useState(false);
  const labels = useBoardLabels(boardUserId, open);
  const [editing, setEditing] = useState<Editing>(null);
  const onCard = new Set(card.Labels.map((l) => l.id));
  const all = labels.data ?? [];
  const canCreate = summary.abilities.createLabel && (labels.data ? all.length < LABEL_CREATE_LIMIT : true);

  return (
    <Section
      title="Labels"
      icon={<LabelOutlined fontSize="small" />}
      actions={
        canEdit && (
          <Button size="small" onClick={() => setOpen((v) => !v)} aria-expanded={open}>
            {open ? 'Done' : 'Edit labels'}
          </Button>
        )
      }
    >
      {card.Labels.length > 0 ? (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75 }}>
          {card.Labels.map((l) => (
            <LabelChip key={l.id} label={l} />
          ))}
        </Box>
      ) : (
        !open && (
          <Typography variant="body2" color="text.secondary">
            No labels
          </Typography>
        )
      )}
      {open && (
        <Box sx={{ mt: 1.5, p: 1.5, borderRadius: 2, border: 1, borderColor: 'divider' }}>
          {labels.isPending ? (
            <LinearProgress aria-label="Loading labels" />
          ) : (
            <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }} aria-label="Board labels">
              {all.map((label) => (
                <Box component="li" key={label.id} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                  <InstantCheckbox
                    checked={onCard.has(label.id)}
                    slotProps={{
                      input: { 'aria-label': `Label ${label.name || LABEL_SWATCHES[label.color].name} on this card` },
                    }}
                    onChange={(e) => {
                      const on = e.target.checked;
                      void run(
                        () => boardApi.setCardLabel({ LabelId: label.id, CardId: card.id, on }),
                        on ? BOARD_TOASTS.labelAdded : BOARD_TOASTS.labelRemoved,
                        (lists) =>
                          updateCard(lists, card.id, (c) => ({
                            ...c,
                            Labels: on ? [...c.Labels, label] : c.Labels.filter((l) => l.id !== label.id),
                          })),
                      );
                    }}
                  />
                  <Box sx={{ flex: 1 }}>
                    <LabelChip label={label} />
                  </Box>
                  <IconButton
                    size="small"
                    aria-label={`Edit label ${label.name || LABEL_SWATCHES[label.color].name}`}
                    onClick={() => setEditing({ mode: 'update', label })}
                  >
                    <EditRounded fontSize="small" />
                  </IconButton>
                </Box>
              ))}
            </Box>
          )}
          {canCreate && (
            <Button startIcon={<AddRounded />} sx={{ mt: 1 }} onClick={() => setEditing({ mode: 'create' })}>
              Create new label
            </Button>
          )}
        </Box>
      )}
      {editing && (
        <Suspense fallback={null}>
          <LabelEditor
            mode={editing.mode}
            label={editing.mode === 'update' ? editing.label : null}
            labels={all}
            onClose={() => setEditing(null)}
            onSave={async ({ name, color }) => {
              if (editing.mode === 'update') {
                const ok = await run(
                  () => boardApi.upsertLabel({ id: editing.label.id, name, color, userId: boardUserId }),
                  BOARD_TOASTS.labelUpdated,
                );
                if (ok) setEditing(null);
                return;
              }
              // A label created from a card is put on it.
              const ok = await run(async () => {
                const { label } = await boardApi.upsertLabel({ name, color, userId: boardUserId });
                await boardApi.setCardLabel({ LabelId: label.id, CardId: card.id, on: true });
              }, BOARD_TOASTS.labelAdded);
              if (ok) setEditing(null);
            }}
          />
        </Suspense>
      )}
    </Section>
  );
}
