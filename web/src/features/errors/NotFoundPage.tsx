import HomeRounded from '@mui/icons-material/HomeRounded';
import TravelExploreRounded from '@mui/icons-material/TravelExploreRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router-dom';
import { MessageCard } from '../../components/MessagePage';
import { usePageTitle } from '../../components/usePageTitle';

/** Catch-all, and where a lesson redirect without an address ends. */
export default function NotFoundPage() {
  usePageTitle('Page not found');
  return (
    <Box sx={{ py: { xs: 2, sm: 6 } }}>
      <MessageCard
        icon={<TravelExploreRounded />}
        title="Page not found"
        actions={
          <Button component={RouterLink} to="/" variant="contained" startIcon={<HomeRounded />}>
            Go back home
          </Button>
        }
      >
        Please check the URL in the address bar and try again.
      </MessageCard>
    </Box>
  );
}
