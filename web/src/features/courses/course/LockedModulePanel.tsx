import LockClockRounded from '@mui/icons-material/LockClockRounded';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { CoursePageLesson, CoursePageModule } from '../../../api/courses';
import { formatDate, formatDateTimeWithZone } from '../../../lib/dates';

/**
 * A lesson of a module that has not opened to her yet (drip): what it is and the day it opens in her time zone,
 * never its content (the service refuses it until then).
 */
export default function LockedModulePanel({ module, lesson }: { module: CoursePageModule; lesson: CoursePageLesson }) {
  const opensAt = module.opensAt ?? '';
  return (
    <Paper
      component="article"
      variant="outlined"
      aria-labelledby="lesson-title"
      sx={{ p: { xs: 4, md: 6 }, textAlign: 'center', borderStyle: 'dashed' }}
    >
      <LockClockRounded sx={{ fontSize: 44, color: 'secondary.main', mb: 1.5 }} aria-hidden />
      <Typography variant="overline" component="p" color="secondary.dark">
        {module.title}
      </Typography>
      <Typography id="lesson-title" variant="h4" component="h2" sx={{ mb: 1 }}>
        {lesson.title}
      </Typography>
      <Typography color="text.secondary" title={formatDateTimeWithZone(opensAt)}>
        This module opens on <strong>{formatDate(opensAt)}</strong>. We’ll let you know when it does.
      </Typography>
    </Paper>
  );
}
