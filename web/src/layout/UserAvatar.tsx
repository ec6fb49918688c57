import Avatar from '@mui/material/Avatar';
import { initials } from '../lib/navigation';

export function UserAvatar({
  fullName,
  photoUrl,
  size = 40,
  decorative = false,
}: {
  fullName: string;
  photoUrl: string | null;
  size?: number;
  /**
   * Inside a control that has its own name (the phone's 'Account menu' button): hidden from assistive technology,
   * so the initials are not visible text missing from that name (WCAG 2.5.3, axe 'label-content-name-mismatch').
   */
  decorative?: boolean;
}) {
  return (
    <Avatar
      aria-hidden={decorative || undefined}
      src={photoUrl ?? undefined}
      alt={fullName}
      sx={{
        width: size,
        height: size,
        bgcolor: 'secondary.main',
        color: 'secondary.contrastText',
        fontWeight: 700,
        fontSize: size * 0.4,
      }}
    >
      {initials(fullName)}
    </Avatar>
  );
}
