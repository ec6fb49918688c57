import SwitchAccountRounded from '@mui/icons-material/SwitchAccountRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { errorMessage } from '../api/client';
import { toast } from '../components/toast';
import { useCurrentUser, useSession } from '../session/context';

/** While an admin is signed in as someone else: a slim bar that says so, with the way back. */
export function ImpersonationBanner() {
  const user = useCurrentUser();
  const { backToMyAccount } = useSession();
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);

  if (!user.impersonatedBy) return null;

  const back = async () => {
    setPending(true);
    try {
      await backToMyAccount();
      navigate('/users');
    } catch (error) {
      toast(errorMessage(error), 'error');
    } finally {
      setPending(false);
    }
  };

  return (
    <Box
      role="status"
      sx={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        flexWrap: 'wrap',
        gap: 1.5,
        px: 2,
        py: 0.75,
        bgcolor: 'secondary.light',
        color: 'secondary.contrastText',
      }}
    >
      <SwitchAccountRounded fontSize="small" />
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        You are signed in as {user.fullName}
      </Typography>
      <Button size="small" variant="contained" color="primary" onClick={back} loading={pending}>
        Back to my account
      </Button>
    </Box>
  );
}
