import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import ViewKanbanRounded from '@mui/icons-material/ViewKanbanRounded';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router-dom';
import { ApiError, errorMessage } from '../../api/client';
import { MessageCard } from '../../components/MessagePage';
import { MEMBERSHIP_CUTOFF_DATE } from '../../lib/access';
import { formatCalendarDay } from '../../lib/dates';

/** The cut-off day as people read it ("February 13, 2025"), from the one date in contracts. */
const CUTOFF_LABEL = formatCalendarDay(MEMBERSHIP_CUTOFF_DATE, 'long');

export const NO_BOARD_TITLE = 'This member has no Move the Needle board';

/**
 * What the board page shows when the board cannot be shown. A refusal (the board does not exist, or the viewer may
 * not open it: 403/404) is an answer, not a hiccup: it is explained, with a way back, and never offered again as
 * 'Try again'. Only a failure that may pass (network, 5xx) offers a retry.
 */
export function BoardUnavailable({ error, own, onRetry }: { error: unknown; own: boolean; onRetry: () => void }) {
  const refused = error instanceof ApiError && (error.status === 403 || error.status === 404);
  const back = own ? { to: '/', label: 'Back to the dashboard' } : { to: '/users', label: 'Back to the users' };
  const backButton = (
    <Button component={RouterLink} to={back.to} variant="contained" startIcon={<ArrowBackRounded />}>
      {back.label}
    </Button>
  );
  if (refused) {
    return (
      <MessageCard
        icon={<ViewKanbanRounded />}
        title={own ? 'You have no Move the Needle board' : NO_BOARD_TITLE}
        actions={backButton}
      >
        {own
          ? `Move the Needle boards belong to coaches and to premium members who joined before ${CUTOFF_LABEL}.`
          : `Move the Needle boards belong to coaches and to premium members who joined before ${CUTOFF_LABEL}; ` +
            'premium members who joined on or after that day book their coaching on the Rainmaker Calendar ' +
            'instead, and basic members have no board. You may also not be allowed to open this one.'}
      </MessageCard>
    );
  }
  return (
    <MessageCard
      icon={<ViewKanbanRounded />}
      title="This board could not be opened"
      tone="error"
      actions={
        <>
          <Button variant="contained" onClick={onRetry}>
            Try again
          </Button>
          <Button component={RouterLink} to={back.to} startIcon={<ArrowBackRounded />}>
            {back.label}
          </Button>
        </>
      }
    >
      {errorMessage(error)}
    </MessageCard>
  );
}
