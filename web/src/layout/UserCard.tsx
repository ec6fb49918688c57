import LogoutRounded from '@mui/icons-material/LogoutRounded';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useCurrentUser } from '../session/context';
import { useSignOut } from '../session/useSignOut';
import { sidebarColors } from '../theme';
import { UserAvatar } from './UserAvatar';

/** Photo, name, e-mail and a logout button at the foot of the sidebar. */
export function UserCard() {
  const user = useCurrentUser();
  const { signOut, pending } = useSignOut();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minWidth: 0 }}>
      <UserAvatar fullName={user.fullName} photoUrl={user.photoUrl} />
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography noWrap sx={{ color: '#FFFFFF', fontWeight: 650, fontSize: '0.92rem' }}>
          {user.fullName}
        </Typography>
        <Typography noWrap sx={{ color: sidebarColors.muted, fontSize: '0.8rem' }} title={user.email}>
          {user.email}
        </Typography>
      </Box>
      <IconButton
        aria-label="Logout"
        title="Logout"
        onClick={signOut}
        disabled={pending}
        sx={{ color: sidebarColors.text, '&:hover': { color: '#FFFFFF', bgcolor: sidebarColors.hover } }}
      >
        <LogoutRounded fontSize="small" />
      </IconButton>
    </Box>
  );
}
