import PhotoCameraRounded from '@mui/icons-material/PhotoCameraRounded';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { errorMessage } from '../../api/client';
import { useUpdateProfile } from '../../api/users';
import { ImageUploadButton, UploadError, UploadingOverlay, useImageUpload } from '../../components/ImageUpload';
import { UserAvatar } from '../../layout/UserAvatar';

export const PHOTO_SAVED = 'Your new photo is saved.';

/**
 * 'Upload New Avatar': one image through POST /upload, then saved at once (POST /api/user/upsert with the photo
 * only), so a new photo never waits for 'Update Account'. If that save fails, the photo stays in the form and
 * 'Update Account' saves it; the line under the button says which of the two happened. The file input is inside the
 * button's label, so it is found by that label.
 */
export function AvatarUpload({
  userId,
  fullName,
  photoUrl,
  changed,
  onUploaded,
}: {
  userId: number;
  fullName: string;
  photoUrl: string | null;
  /** True when the photo shown differs from the saved one. */
  changed: boolean;
  onUploaded: (url: string) => void;
}) {
  const save = useUpdateProfile();
  const upload = useImageUpload((url) => {
    onUploaded(url);
    save.mutate({ id: userId, photoUrl: url });
  });
  const pending = upload.isPending || save.isPending;

  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: { xs: 2, sm: 3 }, flexWrap: 'wrap' }}>
      <Box sx={{ position: 'relative' }}>
        <UserAvatar fullName={fullName} photoUrl={photoUrl} size={88} />
        <UploadingOverlay
          upload={{ ...upload, isPending: pending }}
          label={save.isPending ? 'Saving photo' : 'Uploading photo'}
          borderRadius="50%"
        />
      </Box>
      <Box sx={{ minWidth: 0 }}>
        <ImageUploadButton upload={upload} icon={<PhotoCameraRounded />}>
          Upload New Avatar
        </ImageUploadButton>
        <Typography
          variant="body2"
          role={save.isError ? 'alert' : 'status'}
          color={save.isError ? 'error' : save.isSuccess && !changed ? 'success.main' : 'text.secondary'}
          sx={{ mt: 1, fontWeight: save.isSuccess || save.isError ? 600 : undefined }}
        >
          {save.isError
            ? `The photo could not be saved (${errorMessage(save.error)}) — press Update Account to try again.`
            : save.isSuccess && !changed
              ? PHOTO_SAVED
              : changed && !pending
                ? 'New photo ready — press Update Account to save it.'
                : 'A square photo of at least 200 × 200 pixels looks best. It is saved as soon as it is uploaded.'}
        </Typography>
      </Box>
      <UploadError upload={upload} sx={{ width: '100%' }} />
    </Box>
  );
}
