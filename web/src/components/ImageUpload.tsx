import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { alpha, type SxProps, type Theme } from '@mui/material/styles';
import type { ChangeEvent, ReactNode } from 'react';
import { UPLOAD_ERROR, useUploadImage } from '../api/uploads';

/**
 * One picture through POST /upload: `onChange` goes on a file input; the chosen file is sent (the input is emptied,
 * so the same file can be picked again) and `onUploaded` gets the stored file's address.
 */
export function useImageUpload(onUploaded: (url: string, file: File) => unknown) {
  const upload = useUploadImage();
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    upload.mutate(file, { onSuccess: (url) => onUploaded(url, file) });
  };
  return { onChange, isPending: upload.isPending, isError: upload.isError };
}

export type ImageUpload = ReturnType<typeof useImageUpload>;

/**
 * An outlined button that opens the file picker (images only). The file input sits inside the button's label, so it
 * is found by that label; `inputLabel` names the input itself as well.
 */
export function ImageUploadButton({
  upload,
  icon,
  size,
  inputLabel,
  children,
}: {
  upload: ImageUpload;
  icon: ReactNode;
  size?: 'small' | 'medium' | 'large';
  inputLabel?: string;
  children: ReactNode;
}) {
  return (
    <Button
      component="label"
      variant="outlined"
      size={size}
      startIcon={icon}
      loading={upload.isPending}
      loadingPosition="start"
    >
      {children}
      <input type="file" accept="image/*" hidden onChange={upload.onChange} aria-label={inputLabel} />
    </Button>
  );
}

/** A spinner over the picture while it uploads. */
export function UploadingOverlay({
  upload,
  label,
  borderRadius,
}: {
  upload: ImageUpload;
  label: string;
  borderRadius: number | string;
}) {
  if (!upload.isPending) return null;
  return (
    <Box
      sx={{
        position: 'absolute',
        inset: 0,
        display: 'grid',
        placeItems: 'center',
        bgcolor: (t) => alpha(t.palette.background.paper, 0.7),
        borderRadius,
      }}
    >
      <CircularProgress size={32} aria-label={label} />
    </Box>
  );
}

/** 'Error uploading file' after a failed upload. */
export function UploadError({ upload, sx }: { upload: ImageUpload; sx?: SxProps<Theme> }) {
  if (!upload.isError) return null;
  return (
    <Alert severity="error" sx={sx}>
      {UPLOAD_ERROR}
    </Alert>
  );
}
