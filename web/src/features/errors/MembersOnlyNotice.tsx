import HomeRounded from '@mui/icons-material/HomeRounded';
import LockRounded from '@mui/icons-material/LockRounded';
import OpenInNewRounded from '@mui/icons-material/OpenInNewRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router-dom';
import { useSiteLinks } from '../../api/siteContent';
import { MessageCard } from '../../components/MessagePage';
import { usePageTitle } from '../../components/usePageTitle';

export const MEMBERS_ONLY_TITLE = 'This Area Is For Mastermind Members Only | Apply Now';

/** Shown to a signed-in person whose role and tags do not open the route. */
export default function MembersOnlyNotice() {
  const links = useSiteLinks();
  usePageTitle('Members only');
  return (
    <Box sx={{ py: { xs: 2, sm: 6 } }}>
      <MessageCard
        icon={<LockRounded />}
        tone="accent"
        title={MEMBERS_ONLY_TITLE}
        actions={
          <>
            <Button
              variant="contained"
              href={links.upgradeUrl}
              target="_blank"
              rel="noopener noreferrer"
              endIcon={<OpenInNewRounded />}
            >
              Apply Now
            </Button>
            <Button component={RouterLink} to="/" variant="outlined" startIcon={<HomeRounded />}>
              Go back home
            </Button>
          </>
        }
      >
        Your membership doesn't include this area yet. Mastermind members get it, along with coaching and the full
        toolkit.
      </MessageCard>
    </Box>
  );
}
