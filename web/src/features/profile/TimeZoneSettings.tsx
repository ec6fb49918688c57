import Autocomplete from '@mui/material/Autocomplete';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { ApiError, errorMessage } from '../../api/client';
import { useUpdateProfile } from '../../api/users';
import { toast } from '../../components/toast';
import { browserTimeZone, displayTimeZone, formatDateTimeWithZone } from '../../lib/dates';
import { useCurrentUser } from '../../session/context';

/** "America/New York": the zone's IANA name as people read it (the value sent stays the IANA name). */
export const zoneLabel = (zone: string) => zone.replaceAll('_', ' ');

export const timeZoneSaved = (zone: string) => `Your time zone is now ${zoneLabel(zone)}.`;

/** The zones this browser knows, UTC and hers (even if this browser does not list it), sorted. */
function zoneOptions(current: string | null): string[] {
  const zones = new Set<string>(['UTC']);
  try {
    for (const zone of Intl.supportedValuesOf('timeZone')) zones.add(zone);
  } catch {
    zones.add(browserTimeZone());
  }
  if (current) zones.add(current);
  return [...zones].sort();
}

/**
 * /profile, Time zone: the zone every date is shown in, here and in her e-mails (POST /api/user/upsert with the
 * zone only, saved as soon as one is chosen). The browser's zone is named, since it was the first guess. A typeahead
 * list: type part of a city, arrows to move, Enter to choose.
 */
export function TimeZoneSettings() {
  const user = useCurrentUser();
  const save = useUpdateProfile();
  const options = useMemo(() => zoneOptions(user.timeZone ?? null), [user.timeZone]);
  const [error, setError] = useState<string | null>(null);
  const current = user.timeZone ?? null;
  const browser = browserTimeZone();

  const choose = (zone: string | null) => {
    if (!zone || zone === current) return;
    setError(null);
    save.mutate(
      { id: user.id, timeZone: zone },
      {
        onSuccess: () => toast(timeZoneSaved(zone), 'success'),
        onError: (failure) => {
          const field = failure instanceof ApiError ? failure.errors.timeZone : undefined;
          setError(field ?? errorMessage(failure));
          toast(`Your time zone could not be saved: ${field ?? errorMessage(failure)}`, 'error');
        },
      },
    );
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 }, mt: 3 }} component="section" aria-labelledby="time-zone">
      <Typography id="time-zone" variant="h4" component="h2" sx={{ mb: 1 }}>
        Time zone
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Dates and times are shown in this zone, here and in the e-mails we send you. Your browser's zone is{' '}
        {zoneLabel(browser)}.
      </Typography>
      <Autocomplete
        options={options}
        value={current}
        onChange={(_event, zone) => choose(zone)}
        getOptionLabel={zoneLabel}
        autoHighlight
        disabled={save.isPending}
        sx={{ maxWidth: 420 }}
        renderInput={(params) => (
          <TextField
            {...params}
            label="Time zone"
            name="timeZone"
            error={error !== null}
            helperText={error ?? `Now: ${formatDateTimeWithZone(Date.now(), current ?? displayTimeZone())}`}
          />
        )}
      />
    </Paper>
  );
}
