import Alert from '@mui/material/Alert';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '../../api/client';
import {
  type NotificationSettings,
  notificationsApi,
  useNotificationSettings,
  useNotificationsKey,
} from '../../api/notifications';
import { toast } from '../../components/toast';
import { BroadcastSettings } from './BroadcastSettings';

export const EMAIL_MENTIONS_LABEL = "E-mail me when I'm mentioned";
export const EMAIL_MENTIONS_ON = 'You will get an e-mail when you are mentioned.';
export const EMAIL_MENTIONS_OFF = 'You will no longer get e-mails when you are mentioned.';
export const EMAIL_REVIEWS_LABEL = 'E-mail me when a coach reviews my card';
export const EMAIL_REVIEWS_ON = 'You will get an e-mail when a coach reviews your card.';
export const EMAIL_REVIEWS_OFF = 'You will no longer get e-mails when a coach reviews your card.';
export const EMAIL_DUE_LABEL = 'E-mail me when a card on my board is due soon or overdue';
export const EMAIL_DUE_ON = 'You will get an e-mail when a card is due soon or overdue.';
export const EMAIL_DUE_OFF = 'You will no longer get e-mails about due dates.';
export const EMAIL_LESSONS_LABEL = 'E-mail me about my courses';
export const EMAIL_LESSONS_ON = 'You will get an e-mail when a module opens or someone replies in a lesson discussion.';
export const EMAIL_LESSONS_OFF = 'You will no longer get e-mails about your courses.';
export const EMAIL_DIGEST_LABEL = 'Weekly digest';
export const EMAIL_DIGEST_ON = 'You will get the weekly digest every Monday.';
export const EMAIL_DIGEST_OFF = 'You will no longer get the weekly digest.';

/**
 * /profile, Notifications: whether mentions, reviews and due-date reminders also arrive by e-mail, and whether the
 * weekly digest does (GET/PUT /api/notifications/settings). Each switch saves on toggle; the toast says what the
 * server stored, and a refusal puts the switch back.
 */
export function EmailSettings() {
  const settings = useNotificationSettings();
  const key = useNotificationsKey();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: notificationsApi.saveSettings,
    onSuccess: (saved, asked) => {
      queryClient.setQueryData<NotificationSettings>([...key, 'settings'], saved);
      // The toast names the switch that was turned.
      if (asked.emailLessons !== undefined) toast(saved.emailLessons ? EMAIL_LESSONS_ON : EMAIL_LESSONS_OFF, 'success');
      else if (asked.emailDigest !== undefined)
        toast(saved.emailDigest ? EMAIL_DIGEST_ON : EMAIL_DIGEST_OFF, 'success');
      else if (asked.emailDueDates !== undefined) toast(saved.emailDueDates ? EMAIL_DUE_ON : EMAIL_DUE_OFF, 'success');
      else if (asked.emailReviews !== undefined)
        toast(saved.emailReviews ? EMAIL_REVIEWS_ON : EMAIL_REVIEWS_OFF, 'success');
      else toast(saved.emailMentions ? EMAIL_MENTIONS_ON : EMAIL_MENTIONS_OFF, 'success');
    },
    onError: (error) => toast(errorMessage(error), 'error'),
  });
  // While saving, the switch shows the asked-for value; after a refusal, the stored one again.
  const shown = (name: keyof NotificationSettings) =>
    save.isPending && save.variables?.[name] !== undefined ? !!save.variables[name] : !!settings.data?.[name];

  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 2.5, sm: 4 }, mt: 3 }}
      component="section"
      aria-labelledby="email-settings"
    >
      <Typography id="email-settings" variant="h4" component="h2" sx={{ mb: 1.5 }}>
        Notifications
      </Typography>
      {settings.isError ? (
        <Alert severity="error">{errorMessage(settings.error)}</Alert>
      ) : (
        <>
          <FormGroup>
            <FormControlLabel
              control={
                <Switch
                  checked={shown('emailMentions')}
                  disabled={settings.isPending || save.isPending}
                  onChange={(event) => save.mutate({ emailMentions: event.target.checked })}
                />
              }
              label={EMAIL_MENTIONS_LABEL}
            />
            <FormControlLabel
              control={
                <Switch
                  checked={shown('emailReviews')}
                  disabled={settings.isPending || save.isPending}
                  onChange={(event) => save.mutate({ emailReviews: event.target.checked })}
                />
              }
              label={EMAIL_REVIEWS_LABEL}
            />
          </FormGroup>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            Mentions and reviews always show under the bell; these add an e-mail to your inbox.
          </Typography>
          <FormControlLabel
            sx={{ mt: 1.5 }}
            control={
              <Switch
                checked={shown('emailDueDates')}
                disabled={settings.isPending || save.isPending}
                onChange={(event) => save.mutate({ emailDueDates: event.target.checked })}
              />
            }
            label={EMAIL_DUE_LABEL}
          />
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            Due-date reminders always show under the bell: a day before a card is due, and when it is overdue.
          </Typography>
          <FormControlLabel
            sx={{ mt: 1.5 }}
            control={
              <Switch
                checked={shown('emailDigest')}
                disabled={settings.isPending || save.isPending}
                onChange={(event) => save.mutate({ emailDigest: event.target.checked })}
              />
            }
            label={EMAIL_DIGEST_LABEL}
          />
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            Monday morning in your time zone: what moved, what is due and your coach's comments (coaches: members
            waiting for review or overdue).
          </Typography>
          <FormControlLabel
            sx={{ mt: 1.5 }}
            control={
              <Switch
                checked={shown('emailLessons')}
                disabled={settings.isPending || save.isPending}
                onChange={(event) => save.mutate({ emailLessons: event.target.checked })}
              />
            }
            label={EMAIL_LESSONS_LABEL}
          />
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            When a module of a course opens to you, and when someone replies to you or mentions you in a lesson's
            discussion. These always show under the bell too.
          </Typography>
          <BroadcastSettings />
        </>
      )}
    </Paper>
  );
}
