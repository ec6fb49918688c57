import CardGiftcardRounded from '@mui/icons-material/CardGiftcardRounded';
import CheckRounded from '@mui/icons-material/CheckRounded';
import EditRounded from '@mui/icons-material/EditRounded';
import WorkspacePremiumRounded from '@mui/icons-material/WorkspacePremiumRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import IconButton from '@mui/material/IconButton';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import type { CourseCard as CourseCardData } from '../../../api/courses';
import { Chip, Tooltip } from '../../../components/LazyMui';
import { ProgressLine } from '../../../components/ProgressLine';
import { certificatePagePath } from '../../../lib/certificatePaths';
import { COMPLETED_PROGRESS } from '../constants';
import { CoverImage } from './CoverImage';
import { useMyCertificate } from './useMyCertificate';

export const clampLines = (lines: number) =>
  ({
    display: '-webkit-box',
    WebkitLineClamp: lines,
    WebkitBoxOrient: 'vertical',
    overflow: 'hidden',
  }) as const;

/** 'Gift this course' appears only when the course data carries its address. */
function optionalUrl(course: CourseCardData, key: 'giftUrl'): string | null {
  const value: unknown = (course as Record<string, unknown>)[key];
  return typeof value === 'string' && /^(https?:\/\/|\/)/.test(value) ? value : null;
}

/**
 * A course in the catalogue: cover, title, description, progress or the 'Completed' overlay; DRAFT (only those who
 * may see drafts receive them); the edit button when the course's abilities allow it.
 */
export function CourseCard({ course, onEdit }: { course: CourseCardData; onEdit?: (course: CourseCardData) => void }) {
  const completed = course.Modules.length > 0 && course.totalProgress >= COMPLETED_PROGRESS;
  const giftUrl = completed ? optionalUrl(course, 'giftUrl') : null;
  // The member's certificate of a completed course, from one list shared by every card (asked only when needed).
  const certificate = useMyCertificate(course.id, completed);
  const certificateUrl = completed && certificate ? certificatePagePath(certificate.id) : null;
  const moduleCount = course.Modules.length;

  return (
    <Card
      component="article"
      aria-label={course.title}
      sx={{
        position: 'relative',
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        transition: 'box-shadow 160ms ease, transform 160ms ease',
        '&:hover': { boxShadow: '0 12px 28px rgba(43, 27, 46, 0.12)', transform: 'translateY(-2px)' },
        '@media (prefers-reduced-motion: reduce)': { transition: 'none', '&:hover': { transform: 'none' } },
      }}
    >
      <CardActionArea
        component={RouterLink}
        to={`/courses/${course.slug}`}
        sx={{ flex: 1, display: 'flex', flexDirection: 'column', alignItems: 'stretch', justifyContent: 'flex-start' }}
      >
        <Box sx={{ position: 'relative' }}>
          <CoverImage url={course.coverPhotoUrl} title={course.title} seed={course.id} plain={completed} />
          {course.status === 'DRAFT' && (
            <Chip
              label="DRAFT"
              size="small"
              sx={{
                position: 'absolute',
                top: 12,
                left: 12,
                fontWeight: 800,
                letterSpacing: '0.08em',
                bgcolor: 'warning.main',
                color: '#fff',
              }}
            />
          )}
          {completed && (
            <Box
              sx={{
                position: 'absolute',
                inset: 0,
                display: 'grid',
                placeItems: 'center',
                background: 'linear-gradient(160deg, rgba(43, 27, 46, 0.55) 0%, rgba(107, 31, 70, 0.82) 100%)',
                backdropFilter: 'grayscale(0.35)',
                color: '#fff',
              }}
            >
              <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 0.75 }}>
                <Box
                  sx={{
                    width: 56,
                    height: 56,
                    borderRadius: '50%',
                    display: 'grid',
                    placeItems: 'center',
                    bgcolor: 'rgba(255,255,255,0.16)',
                    border: '2px solid rgba(255,255,255,0.7)',
                  }}
                >
                  <CheckRounded sx={{ fontSize: 32, color: '#fff' }} />
                </Box>
                <Typography sx={{ fontWeight: 800, fontSize: '1.15rem', color: '#fff', letterSpacing: '0.02em' }}>
                  Completed
                </Typography>
              </Box>
            </Box>
          )}
        </Box>
        <Box sx={{ p: 2.25, pb: 2, display: 'flex', flexDirection: 'column', gap: 1, flex: 1 }}>
          <Typography variant="h6" component="h3" sx={{ ...clampLines(2), lineHeight: 1.35 }}>
            {course.title}
          </Typography>
          {course.description && (
            <Typography variant="body2" color="text.secondary" sx={{ ...clampLines(3), lineHeight: 1.55 }}>
              {course.description}
            </Typography>
          )}
          <Box sx={{ mt: 'auto', pt: 1 }}>
            {moduleCount === 0 ? (
              <Typography variant="caption" color="text.secondary">
                Lessons coming soon
              </Typography>
            ) : completed ? (
              <Typography variant="caption" sx={{ color: 'success.main', fontWeight: 700 }}>
                {moduleCount} {moduleCount === 1 ? 'module' : 'modules'} · all lessons done
              </Typography>
            ) : (
              <>
                <Box sx={{ display: 'flex', justifyContent: 'space-between', mb: 0.75 }}>
                  <Typography variant="caption" color="text.secondary">
                    {moduleCount} {moduleCount === 1 ? 'module' : 'modules'}
                  </Typography>
                  <Typography variant="caption" sx={{ fontWeight: 700, color: 'primary.main' }}>
                    {course.totalProgress}%
                  </Typography>
                </Box>
                <ProgressLine
                  value={course.totalProgress}
                  aria-label={`${course.title} progress`}
                  sx={{ height: 6, borderRadius: 3, bgcolor: 'rgba(140, 47, 93, 0.12)' }}
                />
              </>
            )}
          </Box>
        </Box>
      </CardActionArea>
      {(giftUrl || certificateUrl) && (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', px: 2.25, pb: 2 }}>
          {giftUrl && (
            <Button size="small" variant="outlined" href={giftUrl} startIcon={<CardGiftcardRounded />}>
              Gift this course
            </Button>
          )}
          {certificateUrl && (
            <Button
              size="small"
              variant="contained"
              component={RouterLink}
              to={certificateUrl}
              startIcon={<WorkspacePremiumRounded />}
              aria-label={`View Certificate of ${course.title}`}
            >
              View Certificate
            </Button>
          )}
        </Box>
      )}
      {course.abilities.edit && onEdit && (
        <Tooltip title="Edit course">
          <IconButton
            aria-label={`Edit course ${course.title}`}
            onClick={() => onEdit(course)}
            size="small"
            sx={{
              position: 'absolute',
              top: 10,
              right: 10,
              bgcolor: (t) => alpha(t.palette.background.paper, 0.92),
              color: 'text.primary',
              boxShadow: '0 2px 8px rgba(0,0,0,0.15)',
              '&:hover': { bgcolor: 'background.paper' },
            }}
          >
            <EditRounded fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
    </Card>
  );
}
