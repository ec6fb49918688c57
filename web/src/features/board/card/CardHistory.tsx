import HistoryRounded from '@mui/icons-material/HistoryRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useCardActivity } from '../../../api/board';
import { errorMessage } from '../../../api/client';
import { formatDateTimeWithZone } from '../../../lib/dates';
import { activityLine } from './activityText';
import { Section } from './CardParts';

/** Entries shown before "Show all" (the server sends the newest 200). */
const FIRST_SHOWN = 8;

/** The card's history, newest first ("Ana moved this from To do to Doing · 2 hours ago"). */
export function CardHistory({ boardUserId, cardId }: { boardUserId: number; cardId: number }) {
  const activity = useCardActivity(boardUserId, cardId);
  const [all, setAll] = useState(false);
  const entries = activity.data ?? [];
  const shown = all ? entries : entries.slice(0, FIRST_SHOWN);
  return (
    <Section title="History" icon={<HistoryRounded fontSize="small" />}>
      {activity.isPending ? (
        <Box role="status" aria-label="Loading the card's history">
          <Skeleton width="80%" />
          <Skeleton width="60%" />
        </Box>
      ) : activity.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void activity.refetch()}>
              Try again
            </Button>
          }
        >
          {errorMessage(activity.error)}
        </Alert>
      ) : entries.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          Nothing recorded yet.
        </Typography>
      ) : (
        <>
          <Box component="ol" aria-label="Card history" sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {shown.map((entry) => (
              <Typography
                component="li"
                variant="body2"
                key={`${entry.at}|${entry.type}|${entry.actor.id}|${JSON.stringify(entry.details)}`}
                title={formatDateTimeWithZone(entry.at)}
                sx={{ py: 0.5, borderBottom: 1, borderColor: 'divider', overflowWrap: 'anywhere' }}
              >
                {activityLine(entry)}
              </Typography>
            ))}
          </Box>
          {entries.length > FIRST_SHOWN && (
            <Button size="small" sx={{ mt: 1 }} onClick={() => setAll((v) => !v)}>
              {all ? 'Show fewer' : `Show all ${entries.length}`}
            </Button>
          )}
        </>
      )}
    </Section>
  );
}
