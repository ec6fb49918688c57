import type { DraggableProvided } from '@hello-pangea/dnd';
import AttachFileRounded from '@mui/icons-material/AttachFileRounded';
import ChatBubbleOutlineRounded from '@mui/icons-material/ChatBubbleOutlineRounded';
import CheckBoxOutlined from '@mui/icons-material/CheckBoxOutlined';
import EventRounded from '@mui/icons-material/EventRounded';
import NotesRounded from '@mui/icons-material/NotesRounded';
import ScheduleRounded from '@mui/icons-material/ScheduleRounded';
import WarningAmberRounded from '@mui/icons-material/WarningAmberRounded';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { KeyboardEvent } from 'react';
import type { BoardCard } from '../../api/board';
import { VISUALLY_HIDDEN } from '../../lib/visuallyHidden';
import { LABEL_SWATCHES } from './constants';
import { dueStatus, dueText } from './dueDates';
import { checklistPercent } from './model';

export function CardTile({
  card,
  drag,
  dragging,
  onOpen,
  onLift,
  completed = false,
  now,
}: {
  card: BoardCard;
  /** On a completed list: the due date shows without a warning. */
  completed?: boolean;
  /** The time due dates are read against (the board's clock, ticking each minute). */
  now: Date;
  drag: DraggableProvided;
  dragging: boolean;
  onOpen: () => void;
  /** Space: lift the card for a keyboard move (useKeyboardMove), when the person may move cards. */
  onLift?: () => void;
}) {
  const items = card.CheckLists.flatMap((c) => c.CheckListItems);
  const due = dueStatus(card.dueAt, now, completed);
  const done = items.filter((i) => i.completed).length;
  const allDone = items.length > 0 && card.CheckLists.every((c) => checklistPercent(c) === 100);
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.defaultPrevented) return;
    if (event.key === 'Enter') {
      event.preventDefault();
      onOpen();
    } else if (event.key === ' ' && onLift && !event.repeat) {
      event.preventDefault();
      onLift();
    }
  };
  return (
    <Box component="li" ref={drag.innerRef} {...drag.draggableProps} sx={{ pb: 1 }}>
      <Box
        {...drag.dragHandleProps}
        onKeyDown={onKeyDown}
        onClick={onOpen}
        data-card-id={card.id}
        tabIndex={0}
        role="button"
        sx={{
          position: 'relative',
          borderRadius: 2,
          bgcolor: 'background.paper',
          border: 1,
          borderColor: dragging ? 'primary.light' : 'divider',
          boxShadow: dragging ? '0 12px 28px rgba(43, 27, 46, 0.22)' : '0 1px 2px rgba(43, 27, 46, 0.08)',
          cursor: 'pointer',
          overflow: 'hidden',
          '&:hover': { borderColor: 'primary.light' },
          '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: 1 },
        }}
      >
        {card.coverPhotoUrl && (
          <Box
            component="img"
            src={card.coverPhotoUrl}
            alt=""
            loading="lazy"
            sx={{ display: 'block', width: '100%', height: 120, objectFit: 'cover' }}
          />
        )}
        <Box sx={{ px: 1.25, py: 1 }}>
          {card.Labels.length > 0 && (
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mb: 0.75 }}>
              {card.Labels.map((label) => (
                <Box
                  key={label.id}
                  component="span"
                  sx={{
                    px: 0.75,
                    borderRadius: 1,
                    fontSize: '0.75rem',
                    fontWeight: 700,
                    lineHeight: '20px',
                    minWidth: 32,
                    color: '#1F1424',
                    bgcolor: LABEL_SWATCHES[label.color].bg,
                  }}
                >
                  {label.name || LABEL_SWATCHES[label.color].name}
                </Box>
              ))}
            </Box>
          )}
          <Typography data-card-title sx={{ fontSize: '0.9375rem', fontWeight: 600, overflowWrap: 'anywhere' }}>
            {card.title}
          </Typography>
          {card.dueAt && due !== 'none' && <DueBadge status={due} iso={card.dueAt} />}
          <Box sx={{ display: 'flex', gap: 1.25, mt: 0.5, color: 'text.secondary', '&:empty': { display: 'none' } }}>
            {card.description && (
              <Box component="span" sx={{ display: 'inline-flex' }}>
                <NotesRounded sx={{ fontSize: 16 }} />
                <Box component="span" sx={VISUALLY_HIDDEN}>
                  has a description
                </Box>
              </Box>
            )}
            {items.length > 0 && (
              <Box
                component="span"
                sx={{
                  display: 'inline-flex',
                  alignItems: 'center',
                  gap: 0.25,
                  fontSize: '0.75rem',
                  color: allDone ? 'success.dark' : undefined,
                  fontWeight: allDone ? 700 : undefined,
                }}
              >
                <CheckBoxOutlined sx={{ fontSize: 16 }} /> {done}/{items.length}
                <Box component="span" sx={VISUALLY_HIDDEN}>
                  checklist items done
                </Box>
              </Box>
            )}
            {card.Activities.length > 0 && (
              <Box
                component="span"
                sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.25, fontSize: '0.75rem' }}
              >
                <ChatBubbleOutlineRounded sx={{ fontSize: 16 }} /> {card.Activities.length}
                <Box component="span" sx={VISUALLY_HIDDEN}>
                  comments
                </Box>
              </Box>
            )}
            {card.Attachments.length > 0 && (
              <Box
                component="span"
                sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.25, fontSize: '0.75rem' }}
              >
                <AttachFileRounded sx={{ fontSize: 16 }} /> {card.Attachments.length}
                <Box component="span" sx={VISUALLY_HIDDEN}>
                  attachments
                </Box>
              </Box>
            )}
          </Box>
        </Box>
      </Box>
    </Box>
  );
}

/** "Overdue: …" / "Due soon: …" / "Due …": an icon and words, the colour only repeats them. */
function DueBadge({ status, iso }: { status: ReturnType<typeof dueStatus>; iso: string }) {
  const Icon = status === 'overdue' ? WarningAmberRounded : status === 'soon' ? ScheduleRounded : EventRounded;
  const warn = status === 'overdue' || status === 'soon';
  return (
    <Box
      component="span"
      data-due={status}
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 0.5,
        mt: 0.5,
        px: warn ? 0.75 : 0,
        borderRadius: 1,
        fontSize: '0.75rem',
        fontWeight: warn ? 700 : 500,
        lineHeight: '20px',
        color: status === 'overdue' ? 'error.main' : status === 'soon' ? 'warning.dark' : 'text.secondary',
        border: warn ? 1 : 0,
        borderColor: 'currentColor',
      }}
    >
      <Icon sx={{ fontSize: 16 }} aria-hidden />
      {dueText(status, iso)}
    </Box>
  );
}
