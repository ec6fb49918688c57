import SaveRounded from '@mui/icons-material/SaveRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { isPhoneNumber, PHONE_NUMBER_MESSAGE } from '@rainmakers/contracts/phone';
import { type FormEvent, lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useUpdateProfile } from '../../api/users';
import { FormField } from '../../components/FormField';
import { PageHeader } from '../../components/PageHeader';
import { PasswordField } from '../../components/PasswordField';
import { useAfterFirstPaint } from '../../components/useAfterFirstPaint';
import { unfieldedError, useFormFields } from '../../components/useFormFields';
import { ROLE_LABELS } from '../../layout/roles';
import { useCurrentUser } from '../../session/context';

import { AvatarUpload } from './AvatarUpload';

/** Loaded once the form is on screen: see ProfileSettings. */
const ProfileSettings = lazy(() => import('./ProfileSettings'));

/**
 * The spec fixes both ways in: 'Settings' in the sidebar and 'Profile' in the phone's avatar menu (the
 * sidebar said 'Settings' for a page titled 'Profile'); the title names both.
 */
export const PROFILE_TITLE = 'Profile and settings';
export const PROFILE_SAVED = 'your changes have been saved successfully';
/** Browsers autofill saved passwords into the first password box; it is emptied this long after the page opens. */
const PASSWORD_BLANK_DELAY_MS = 1000;

type Editable = 'fullName' | 'password' | 'currentPassword' | 'city' | 'state' | 'country' | 'phoneNumber';

/** /profile: photo and account details of the signed-in person (POST /api/user/upsert). */
export default function ProfilePage() {
  const user = useCurrentUser();
  const settingsShown = useAfterFirstPaint();
  const { values, setValues, field, fields } = useFormFields<Record<Editable, string>>(
    () => ({
      fullName: user.fullName,
      password: '',
      currentPassword: '',
      city: user.city ?? '',
      state: user.state ?? '',
      country: user.country ?? '',
      phoneNumber: user.phoneNumber ?? '',
    }),
    { users_email: 'email' },
  );
  const [photoUrl, setPhotoUrl] = useState<string | null>(user.photoUrl);
  const update = useUpdateProfile();
  const passwordInput = useRef<HTMLInputElement>(null);
  // Bumped by every successful save: the avatar uploader starts afresh, so an old 'Error uploading file' does
  // not stand next to the saved message.
  const [savedCount, setSavedCount] = useState(0);

  useEffect(() => {
    const timer = window.setTimeout(() => {
      if (passwordInput.current) passwordInput.current.value = '';
      setValues((v) => ({ ...v, password: '' }));
    }, PASSWORD_BLANK_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [setValues]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The same rule as the server's (contracts): letters are refused before anything is sent.
    const phone = values.phoneNumber.trim();
    if (phone && !isPhoneNumber(phone)) {
      fields.set('phoneNumber', PHONE_NUMBER_MESSAGE);
      return;
    }
    update.mutate(
      {
        id: user.id,
        fullName: values.fullName.trim(),
        // A new password needs the current one; the server then ends the person's other sessions.
        ...(values.password ? { password: values.password, currentPassword: values.currentPassword } : {}),
        city: values.city.trim(),
        state: values.state.trim(),
        country: values.country.trim(),
        phoneNumber: values.phoneNumber.trim(),
        photoUrl,
      },
      {
        onSuccess: () => {
          fields.reset();
          setSavedCount((n) => n + 1);
          setValues((v) => ({ ...v, password: '', currentPassword: '' }));
          window.scrollTo({ top: 0, behavior: 'smooth' });
        },
        onError: (error) => {
          fields.fromError(error);
          window.scrollTo({ top: 0, behavior: 'smooth' });
        },
      },
    );
  };

  const generalError = unfieldedError(update, fields.errors);

  return (
    <Box sx={{ maxWidth: 860 }}>
      <PageHeader title={PROFILE_TITLE} subtitle="Your photo, account details, colours and notifications." />
      {update.isSuccess && (
        <Alert severity="success" sx={{ mb: 3 }} onClose={() => update.reset()}>
          {PROFILE_SAVED}
        </Alert>
      )}
      {generalError && (
        <Alert severity="error" variant="filled" sx={{ mb: 3 }}>
          {generalError}
        </Alert>
      )}
      <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 } }}>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start', gap: 2 }}>
          <AvatarUpload
            key={savedCount}
            userId={user.id}
            fullName={values.fullName || user.fullName}
            photoUrl={photoUrl}
            changed={photoUrl !== user.photoUrl}
            onUploaded={setPhotoUrl}
          />
          <Chip
            label={ROLE_LABELS[user.role]}
            color="primary"
            variant="outlined"
            sx={{ display: { xs: 'none', sm: 'flex' } }}
          />
        </Box>
        {/* An <hr> like MUI's Divider, without its two files before the heading. */}
        <Box component="hr" sx={{ border: 0, borderTop: 1, borderColor: 'divider', my: { xs: 3, sm: 4 } }} />
        <Box component="form" noValidate onSubmit={submit}>
          <Typography variant="h4" component="h2" sx={{ mb: 2.5 }}>
            Account
          </Typography>
          <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <FormField label="Full Name" autoComplete="name" {...field('fullName')} />
            <FormField
              label="Email Address"
              name="email"
              value={user.email}
              error={!!fields.errors.email}
              helperText={fields.errors.email ?? 'Your sign-in email cannot be changed here.'}
              readOnly
              sx={{ bgcolor: 'action.hover' }}
            />
            <Box sx={{ gridColumn: { sm: '1 / -1' } }}>
              <PasswordField
                label="Password"
                autoComplete="new-password"
                inputRef={passwordInput}
                {...field('password')}
                helperText={fields.errors.password ?? 'Leave empty to keep your current password.'}
              />
            </Box>
            {(values.password || fields.errors.currentPassword) && (
              <Box sx={{ gridColumn: { sm: '1 / -1' } }}>
                <PasswordField
                  label="Current Password"
                  autoComplete="current-password"
                  {...field('currentPassword')}
                  helperText={
                    fields.errors.currentPassword ?? 'Needed to set a new password. Your other sessions will end.'
                  }
                />
              </Box>
            )}
          </Box>
          <Typography variant="h4" component="h2" sx={{ mt: 4, mb: 2.5 }}>
            Location and contact
          </Typography>
          <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <FormField label="City" autoComplete="address-level2" {...field('city')} />
            <FormField label="State" autoComplete="address-level1" {...field('state')} />
            <FormField label="Country" autoComplete="country-name" {...field('country')} />
            <FormField label="Phone number" type="tel" autoComplete="tel" {...field('phoneNumber')} />
          </Box>
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 4 }}>
            <Button
              type="submit"
              variant="contained"
              size="large"
              startIcon={<SaveRounded />}
              loading={update.isPending}
              loadingPosition="start"
            >
              Update Account
            </Button>
          </Box>
        </Box>
      </Paper>
      {/* Her own account only: an admin signed in as someone cannot change that person's second factor. */}
      {settingsShown && (
        <Suspense fallback={null}>
          <ProfileSettings secondFactor={!user.impersonatedBy} community={user.can.joinCommunity} />
        </Suspense>
      )}
    </Box>
  );
}
