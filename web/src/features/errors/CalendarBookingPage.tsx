import EventAvailableRounded from '@mui/icons-material/EventAvailableRounded';
import HomeRounded from '@mui/icons-material/HomeRounded';
import MailOutlineRounded from '@mui/icons-material/MailOutlineRounded';
import OpenInNewRounded from '@mui/icons-material/OpenInNewRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useEffect } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useSiteLinks } from '../../api/siteContent';
import { MessageCard } from '../../components/MessagePage';
import { usePageTitle } from '../../components/usePageTitle';

export const CALENDAR_BOOKING_TITLE = 'Book your coaching on the Rainmaker Calendar';

/**
 * Where a hidden route (Move the Needle for premium accounts created after the cut-off) leads. With a calendar
 * address set by the admins (site content, `{token}` filled in by the server) the browser is sent there, as the spec asks, and this card says where it is
 * going with a link in case the browser stays. Without one (none set on /site-content) the card explains the calendar
 * booking and how to reach the team, instead of sending people to a host that does not exist.
 */
export default function CalendarBookingPage() {
  usePageTitle('Coaching calendar');
  const links = useSiteLinks();
  const url = links.bookingUrl;
  useEffect(() => {
    if (url) window.location.assign(url);
  }, [url]);

  return (
    <Box sx={{ py: { xs: 2, sm: 6 } }}>
      <MessageCard
        icon={<EventAvailableRounded />}
        tone="accent"
        title={CALENDAR_BOOKING_TITLE}
        actions={
          <>
            {url ? (
              <Button variant="contained" href={url} endIcon={<OpenInNewRounded />}>
                Open the calendar
              </Button>
            ) : (
              <Button variant="contained" href={links.supportMailto} startIcon={<MailOutlineRounded />}>
                Email support to book
              </Button>
            )}
            <Button component={RouterLink} to="/" variant="outlined" startIcon={<HomeRounded />}>
              Go back home
            </Button>
          </>
        }
      >
        {url
          ? 'Your membership includes one-to-one coaching instead of the Move the Needle board. Taking you to the calendar to pick a time…'
          : 'Your membership includes one-to-one coaching instead of the Move the Needle board. Online booking is not open yet: write to support and the team will find a time with you.'}
      </MessageCard>
    </Box>
  );
}
