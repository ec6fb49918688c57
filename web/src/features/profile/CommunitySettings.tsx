import SaveRounded from '@mui/icons-material/SaveRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { COMMUNITY_BIO_MAX, COMMUNITY_SETTINGS_SAVED } from '@rainmakers/contracts/community-constants';
import { type FormEvent, useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { errorMessage } from '../../api/client';
import {
  type CommunitySettings as Settings,
  useCommunitySettings,
  useSaveCommunitySettings,
} from '../../api/community';
import { toast } from '../../components/toast';
import { useCurrentUser } from '../../session/context';

export const COMMUNITY_LISTED_LABEL = 'Show me in Community Search';
export const COMMUNITY_COURSES_LABEL = 'Show the courses I completed on my profile';

/**
 * /profile, Community: the short bio others read on her community profile, whether it lists the courses
 * she completed, and whether she is in Community Search at all (off: her profile answers "not found" to others).
 */
export function CommunitySettings() {
  const user = useCurrentUser();
  const settings = useCommunitySettings();
  const save = useSaveCommunitySettings();
  const [draft, setDraft] = useState<Settings | null>(null);
  useEffect(() => {
    if (settings.data && !draft) setDraft(settings.data.settings);
  }, [settings.data, draft]);

  const tooLong = (draft?.bio.length ?? 0) > COMMUNITY_BIO_MAX;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!draft || tooLong) return;
    save.mutate(draft, {
      onSuccess: (saved) => {
        setDraft(saved.settings);
        toast(COMMUNITY_SETTINGS_SAVED, 'success');
      },
      onError: (error) => toast(errorMessage(error), 'error'),
    });
  };

  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 2.5, sm: 4 }, mt: 3 }}
      component="section"
      aria-labelledby="community-settings"
      data-testid="community-settings"
    >
      <Typography id="community-settings" variant="h4" component="h2" sx={{ mb: 1 }}>
        Community
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Other Rainmakers see your photo, name, city, state and this bio.{' '}
        <Link component={RouterLink} to={`/community/${user.id}`}>
          See your community profile
        </Link>
        . Your e-mail and phone number are never shown.
      </Typography>
      {settings.isError ? (
        <Alert severity="error">{errorMessage(settings.error)}</Alert>
      ) : !draft ? (
        <Box role="status" aria-label="Loading community settings">
          <Skeleton height={120} />
        </Box>
      ) : (
        <Box component="form" onSubmit={submit} noValidate>
          <TextField
            label="Bio"
            multiline
            minRows={3}
            fullWidth
            value={draft.bio}
            onChange={(event) => setDraft({ ...draft, bio: event.target.value })}
            error={tooLong}
            helperText={
              tooLong
                ? `Keep your bio to ${COMMUNITY_BIO_MAX} characters or fewer (${draft.bio.length} now)`
                : `${draft.bio.length}/${COMMUNITY_BIO_MAX} characters, plain text`
            }
            placeholder="A few words about you and what you sell"
          />
          <Box sx={{ display: 'grid', mt: 1 }}>
            <FormControlLabel
              control={
                <Switch
                  checked={draft.listed}
                  onChange={(event) => setDraft({ ...draft, listed: event.target.checked })}
                />
              }
              label={COMMUNITY_LISTED_LABEL}
            />
            <FormControlLabel
              control={
                <Switch
                  checked={draft.showCourses}
                  onChange={(event) => setDraft({ ...draft, showCourses: event.target.checked })}
                />
              }
              label={COMMUNITY_COURSES_LABEL}
            />
          </Box>
          {!draft.listed && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              You will not appear in Community Search and your profile is visible only to you.
            </Typography>
          )}
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2 }}>
            <Button
              type="submit"
              variant="contained"
              startIcon={<SaveRounded />}
              loading={save.isPending}
              loadingPosition="start"
              disabled={tooLong}
            >
              Save Community Profile
            </Button>
          </Box>
        </Box>
      )}
    </Paper>
  );
}
