import Box from '@mui/material/Box';
import { useState } from 'react';

/** The default cover of a resource without a photo (or whose photo fails to load). */
export const DEFAULT_RESOURCE_COVER = '/resource-default.svg';

/** A resource's cover photo at 16:9. */
export function ResourceCover({ url, rounded = false }: { url: string | null; rounded?: boolean }) {
  const [failed, setFailed] = useState(false);
  const src = url && !failed ? url : DEFAULT_RESOURCE_COVER;
  return (
    <Box
      component="img"
      src={src}
      alt=""
      loading="lazy"
      decoding="async"
      onError={() => setFailed(true)}
      sx={{
        display: 'block',
        width: '100%',
        aspectRatio: '16 / 9',
        objectFit: 'cover',
        borderRadius: rounded ? 2 : 0,
        bgcolor: 'action.hover',
      }}
    />
  );
}
