import Alert from '@mui/material/Alert';
import FormControlLabel from '@mui/material/FormControlLabel';
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

export const EMAIL_MENTIONS_LABEL = "E-mail me when I'm mentioned";
export const EMAIL_MENTIONS_ON = 'You will get an e-mail when you are mentioned.';
export const EMAIL_MENTIONS_OFF = 'You will no longer get e-mails when you are mentioned.';

/**
 * /profile, Notifications: whether mentions also arrive by e-mail (GET/PUT /api/notifications/settings). Saved on
 * toggle; the toast says what the server stored, and a refusal puts the switch back.
 */
export function EmailSettings() {
  const settings = useNotificationSettings();
  const key = useNotificationsKey();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: notificationsApi.saveSettings,
    onSuccess: (saved) => {
      queryClient.setQueryData<NotificationSettings>([...key, 'settings'], saved);
      toast(saved.emailMentions ? EMAIL_MENTIONS_ON : EMAIL_MENTIONS_OFF, 'success');
    },
    onError: (error) => toast(errorMessage(error), 'error'),
  });
  // While saving, the switch shows the asked-for value; after a refusal, the stored one again.
  const checked = save.isPending ? !!save.variables?.emailMentions : !!settings.data?.emailMentions;

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
          <FormControlLabel
            control={
              <Switch
                checked={checked}
                disabled={settings.isPending || save.isPending}
                onChange={(event) => save.mutate({ emailMentions: event.target.checked })}
              />
            }
            label={EMAIL_MENTIONS_LABEL}
          />
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            Mentions always show under the bell; this adds an e-mail to your inbox.
          </Typography>
        </>
      )}
    </Paper>
  );
}
