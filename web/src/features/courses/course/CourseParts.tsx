import EmojiEventsRounded from '@mui/icons-material/EmojiEventsRounded';
import InsightsRounded from '@mui/icons-material/InsightsRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { ProgressLine } from '../../../components/ProgressLine';

/** The course page while it loads, and the progress line under its title. */

export function CourseSkeleton() {
  return (
    <Box role="status" aria-label="Loading course">
      <Skeleton width={140} height={24} sx={{ mb: 2 }} />
      <Skeleton width="55%" height={48} />
      <Skeleton width={280} height={20} sx={{ mb: 3.5 }} />
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', md: '300px 1fr', lg: '340px 1fr' },
          gap: { xs: 2, md: 4 },
        }}
      >
        <Paper variant="outlined" sx={{ p: 2 }}>
          {[0, 1, 2, 3].map((i) => (
            <Box key={i} sx={{ py: 1.25 }}>
              <Skeleton width="80%" />
              <Skeleton variant="rounded" height={5} sx={{ mt: 1 }} />
            </Box>
          ))}
        </Paper>
        <Paper variant="outlined" sx={{ p: { xs: 2.5, md: 4.5 } }}>
          <Skeleton width={120} />
          <Skeleton width="60%" height={44} />
          <Skeleton variant="rounded" height={1} sx={{ my: 3 }} />
          {[100, 96, 88, 92, 60].map((w) => (
            <Skeleton key={w} width={`${w}%`} />
          ))}
        </Paper>
      </Box>
    </Box>
  );
}

/** 'Completed' with a trophy, or the progress bar and percent, then the lessons done. */
export function CourseProgressSummary({
  completed,
  progress,
  done,
  total,
}: {
  completed: boolean;
  progress: number;
  done: number;
  total: number;
}) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flex: { xs: '1 1 100%', sm: '0 1 420px' } }}>
      {completed ? (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'success.main' }}>
          <EmojiEventsRounded />
          <Typography sx={{ fontWeight: 800, color: 'success.main' }}>Completed</Typography>
        </Box>
      ) : (
        <>
          <ProgressLine
            value={progress}
            aria-label="Course progress"
            sx={{ flex: 1, height: 8, borderRadius: 4, bgcolor: 'rgba(140, 47, 93, 0.12)' }}
          />
          <Typography variant="body2" sx={{ fontWeight: 700, color: 'primary.main', whiteSpace: 'nowrap' }}>
            {progress}%
          </Typography>
        </>
      )}
      <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
        {done}/{total} lessons
      </Typography>
    </Box>
  );
}

/** Admins: the course's insights (/courses/:slug/insights). */
export function InsightsLink({ slug }: { slug: string }) {
  return (
    <Button
      component={RouterLink}
      to={`/courses/${slug}/insights`}
      variant="outlined"
      size="small"
      startIcon={<InsightsRounded />}
    >
      Insights
    </Button>
  );
}
