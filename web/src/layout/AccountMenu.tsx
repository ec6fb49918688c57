import LogoutRounded from '@mui/icons-material/LogoutRounded';
import PersonRounded from '@mui/icons-material/PersonRounded';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useNavigate } from 'react-router-dom';
import { useCurrentUser } from '../session/context';
import { useSignOut } from '../session/useSignOut';

/** The phone avatar menu: who is signed in, Profile and Logout. */
export default function AccountMenu({ anchor, onClose }: { anchor: HTMLElement | null; onClose: () => void }) {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const { signOut } = useSignOut();

  return (
    <Menu
      anchorEl={anchor}
      open={!!anchor}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{ paper: { sx: { minWidth: 220, maxWidth: 'calc(100vw - 32px)', mt: 1 } } }}
    >
      <Box sx={{ px: 2, py: 1 }}>
        <Typography noWrap sx={{ fontWeight: 650 }}>
          {user.fullName}
        </Typography>
        <Typography noWrap variant="body2" color="text.secondary">
          {user.email}
        </Typography>
      </Box>
      <Divider sx={{ my: 0.5 }} />
      <MenuItem
        onClick={() => {
          onClose();
          navigate('/profile');
        }}
      >
        <ListItemIcon>
          <PersonRounded fontSize="small" />
        </ListItemIcon>
        Profile
      </MenuItem>
      <MenuItem
        onClick={() => {
          onClose();
          void signOut();
        }}
      >
        <ListItemIcon>
          <LogoutRounded fontSize="small" />
        </ListItemIcon>
        Logout
      </MenuItem>
    </Menu>
  );
}
