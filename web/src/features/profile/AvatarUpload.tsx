import PhotoCameraRounded from '@mui/icons-material/PhotoCameraRounded';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { ImageUploadButton, UploadError, UploadingOverlay, useImageUpload } from '../../components/ImageUpload';
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
  const upload = useImageUpload((url) => onUploaded(url));

  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: { xs: 2, sm: 3 }, flexWrap: 'wrap' }}>
      <Box sx={{ position: 'relative' }}>
        <UserAvatar fullName={fullName} photoUrl={photoUrl} size={88} />
        <UploadingOverlay upload={upload} label="Uploading photo" borderRadius="50%" />
      </Box>
      <Box sx={{ minWidth: 0 }}>
        <ImageUploadButton upload={upload} icon={<PhotoCameraRounded />}>
          Upload New Avatar
        </ImageUploadButton>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {changed
            ? 'New photo ready — press Update Account to save it.'
            : 'A square photo of at least 200 × 200 pixels looks best.'}
        </Typography>
      </Box>
      <UploadError upload={upload} sx={{ width: '100%' }} />
    </Box>
  );
}
