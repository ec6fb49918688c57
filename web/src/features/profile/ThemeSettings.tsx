import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import type { ThemePreference } from '@rainmakers/contracts';
import { errorMessage } from '../../api/client';
import { useUpdateProfile } from '../../api/users';
import { useThemeMode } from '../../components/ThemeMode';
import { toast } from '../../components/toast';
import { useCurrentUser } from '../../session/context';

export const THEME_OPTIONS: { value: ThemePreference; label: string }[] = [
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
  { value: 'system', label: 'Same as my device' },
];
export const THEME_SAVED: Record<ThemePreference, string> = {
  light: 'Light mode is on.',
  dark: 'Dark mode is on.',
  system: 'The colours now follow your device.',
};

/**
 * /profile, Appearance: light, dark or the device's colours. Applied at once; saved on the account
 * (POST /api/user/upsert with the theme only) so it follows the person to other devices. A refused save puts the
 * earlier choice back.
 */
export function ThemeSettings() {
  const user = useCurrentUser();
  const { choice, choose } = useThemeMode();
  const save = useUpdateProfile();

  const change = (next: ThemePreference) => {
    const before = choice;
    choose(next);
    save.mutate(
      { id: user.id, theme: next },
      {
        onSuccess: () => toast(THEME_SAVED[next], 'success'),
        onError: (error) => {
          choose(before);
          toast(`Your colour choice could not be saved: ${errorMessage(error)}`, 'error');
        },
      },
    );
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 }, mt: 3 }} component="section" aria-labelledby="appearance">
      <Typography id="appearance" variant="h4" component="h2" sx={{ mb: 1 }}>
        Appearance
      </Typography>
      <Typography id="appearance-help" variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        Choose light or dark colours, or follow your device's setting. Saved to your account.
      </Typography>
      <RadioGroup
        row
        aria-labelledby="appearance"
        aria-describedby="appearance-help"
        name="theme"
        value={choice}
        onChange={(event) => change(event.target.value as ThemePreference)}
      >
        {THEME_OPTIONS.map((option) => (
          <FormControlLabel
            key={option.value}
            value={option.value}
            control={<Radio />}
            label={option.label}
            disabled={save.isPending}
          />
        ))}
      </RadioGroup>
    </Paper>
  );
}
