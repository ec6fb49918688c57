import PhotoCameraRounded from '@mui/icons-material/PhotoCameraRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import type { ChangeEvent } from 'react';
import { UPLOAD_ERROR, useUploadImage } from '../../api/uploads';
import { UserAvatar } from '../../layout/UserAvatar';

/**
 * 'Upload New Avatar': one image through POST /upload; the new address is handed to the form, which saves it with
 * 'Update Account'. The file input is inside the button's label, so it is found by that label.
 */
export function AvatarUpload({
  fullName,
  photoUrl,
  changed,
  onUploaded,
}: {
  fullName: string;
  photoUrl: string | null;
  /** True when the photo shown differs from the saved one. */
  changed: boolean;
  onUploaded: (url: string) => void;
}) {
  const upload = useUploadImage();

  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    upload.mutate(file, { onSuccess: onUploaded });
  };

  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: { xs: 2, sm: 3 }, flexWrap: 'wrap' }}>
      <Box sx={{ position: 'relative' }}>
        <UserAvatar fullName={fullName} photoUrl={photoUrl} size={88} />
        {upload.isPending && (
          <Box
            sx={{
              position: 'absolute',
              inset: 0,
              borderRadius: '50%',
              display: 'grid',
              placeItems: 'center',
              bgcolor: 'rgba(255,255,255,0.7)',
            }}
          >
            <CircularProgress size={32} aria-label="Uploading photo" />
          </Box>
        )}
      </Box>
      <Box sx={{ minWidth: 0 }}>
        <Button
          component="label"
          variant="outlined"
          startIcon={<PhotoCameraRounded />}
          loading={upload.isPending}
          loadingPosition="start"
        >
          Upload New Avatar
          <input type="file" accept="image/*" hidden onChange={pick} />
        </Button>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {changed
            ? 'New photo ready — press Update Account to save it.'
            : 'A square photo of at least 200 × 200 pixels looks best.'}
        </Typography>
      </Box>
      {upload.isError && (
        <Alert severity="error" sx={{ width: '100%' }}>
          {UPLOAD_ERROR}
        </Alert>
      )}
    </Box>
  );
}
