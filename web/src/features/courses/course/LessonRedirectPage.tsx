import RefreshRounded from '@mui/icons-material/RefreshRounded';
import WifiOffRounded from '@mui/icons-material/WifiOffRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { Navigate, useParams } from 'react-router-dom';
import { errorMessage } from '../../../api/client';
import { useLessonRedirect } from '../../../api/courses';
import { MessageCard } from '../../../components/MessagePage';
import { usePageTitle } from '../../../components/usePageTitle';

/**
 * /course/:moduleId/:lessonId (old lesson links): asks the server where the lesson lives now
 * (GET /api/course/lesson-redirect/{lessonId}) and goes there; no address -> /not-found.
 */
export default function LessonRedirectPage() {
  usePageTitle('Opening lesson');
  const { lessonId = '' } = useParams();
  const valid = /^[1-9]\d*$/.test(lessonId);
  if (!valid) return <Navigate to="/not-found" replace />;
  return <Redirecting lessonId={lessonId} />;
}

function Redirecting({ lessonId }: { lessonId: string }) {
  const redirect = useLessonRedirect(lessonId);
  if (redirect.isSuccess) return <Navigate to={redirect.data ?? '/not-found'} replace />;
  if (redirect.isError) {
    return (
      <Box sx={{ py: { xs: 2, sm: 6 } }}>
        <MessageCard
          icon={<WifiOffRounded />}
          title="We couldn’t open this lesson"
          tone="error"
          actions={
            <Button variant="contained" startIcon={<RefreshRounded />} onClick={() => redirect.refetch()}>
              Try again
            </Button>
          }
        >
          {errorMessage(redirect.error)}
        </MessageCard>
      </Box>
    );
  }
  return (
    <Box
      role="status"
      aria-label="Opening lesson"
      sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2, py: 10 }}
    >
      <CircularProgress size={32} />
      <Typography color="text.secondary">Opening the lesson…</Typography>
    </Box>
  );
}
