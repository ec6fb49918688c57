import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BROADCAST_SETTINGS_KEY, broadcastsApi, useBroadcastSettings } from '../../api/broadcasts';
import { errorMessage } from '../../api/client';
import { toast } from '../../components/toast';

export const BROADCASTS_LABEL = 'E-mail me community broadcasts';

/** /profile, Notifications: whether the admins' broadcasts reach her (an unsubscribe link turns it off). */
export function BroadcastSettings() {
  const settings = useBroadcastSettings();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: broadcastsApi.saveSettings,
    onSuccess: (saved) => {
      queryClient.setQueryData(BROADCAST_SETTINGS_KEY, saved);
      toast(
        saved.subscribed ? 'You will get community broadcasts.' : 'You will no longer get community broadcasts.',
        'success',
      );
    },
    onError: (error) => toast(errorMessage(error), 'error'),
  });
  const checked = save.isPending ? !!save.variables : !!settings.data?.subscribed;
  return (
    <>
      <FormControlLabel
        sx={{ mt: 1.5 }}
        control={
          <Switch
            checked={checked}
            disabled={settings.isPending || settings.isError || save.isPending}
            onChange={(event) => save.mutate(event.target.checked)}
          />
        }
        label={BROADCASTS_LABEL}
      />
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        News and announcements from the admins. Account e-mails always come.
      </Typography>
    </>
  );
}
