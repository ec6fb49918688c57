import Avatar from '@mui/material/Avatar';
import { initials } from '../lib/navigation';

export function UserAvatar({
  fullName,
  photoUrl,
  size = 40,
}: {
  fullName: string;
  photoUrl: string | null;
  size?: number;
}) {
  return (
    <Avatar
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
