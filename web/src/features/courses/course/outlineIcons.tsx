/**
 * The outline's lock icon, drawn here (Material's LockRounded path) so it ships inside the course page's own file:
 * imported from @mui/icons-material it is shared with other screens and becomes a request of its own, past the
 * course page's first-load budget of 15 files.
 */
import { createSvgIcon } from '@mui/material/SvgIcon';

export const OutlineLockIcon = createSvgIcon(
  <path d="M18 8h-1V6c0-2.76-2.24-5-5-5S7 3.24 7 6v2H6c-1.1 0-2 .9-2 2v10c0 1.1.9 2 2 2h12c1.1 0 2-.9 2-2V10c0-1.1-.9-2-2-2m-6 9c-1.1 0-2-.9-2-2s.9-2 2-2 2 .9 2 2-.9 2-2 2M9 8V6c0-1.66 1.34-3 3-3s3 1.34 3 3v2z" />,
  'OutlineLock',
);
