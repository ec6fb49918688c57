import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import TravelExploreRounded from '@mui/icons-material/TravelExploreRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router-dom';
import { MessageCard } from '../../../components/MessagePage';
import { usePageTitle } from '../../../components/usePageTitle';

export const COURSE_NOT_FOUND = 'Course not found';

const backButton = (
  <Button component={RouterLink} to="/courses" variant="contained" startIcon={<ArrowBackRounded />}>
    Back to courses
  </Button>
);

/** Unknown course, or the course could not be loaded. */
export function CourseNotFound() {
  usePageTitle(COURSE_NOT_FOUND);
  return (
    <Box sx={{ py: { xs: 2, sm: 6 } }}>
      <MessageCard icon={<TravelExploreRounded />} title={COURSE_NOT_FOUND} actions={backButton}>
        We couldn’t find this course. It may have been renamed or removed — the catalogue has everything that is
        available to you.
      </MessageCard>
    </Box>
  );
}
