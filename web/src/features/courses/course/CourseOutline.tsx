import AddRounded from '@mui/icons-material/AddRounded';
import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import EditRounded from '@mui/icons-material/EditRounded';
import RadioButtonUncheckedRounded from '@mui/icons-material/RadioButtonUncheckedRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import type { CoursePageLesson, CoursePageModule } from '../../../api/courses';
import { Disclosure } from '../../../components/Disclosure';
import { ProgressLine } from '../../../components/ProgressLine';
import { formatCalendarDay, formatDate } from '../../../lib/dates';
import { VISUALLY_HIDDEN } from '../../../lib/visuallyHidden';
import { Highlight } from '../catalogue/Highlight';
import { OutlineLockIcon } from './outlineIcons';

/**
 * The course's modules as collapsible sections with their progress; each lists its lessons with a check when done.
 * Admins get 'Edit module' and 'Add lesson' inside each section.
 */
export function CourseOutline({
  slug,
  modules,
  allModules,
  selectedLessonId,
  expanded,
  onToggle,
  words,
  linkSearch,
  onEditModule,
  onAddLesson,
}: {
  slug: string;
  /** What is listed (the search result while searching). */
  modules: CoursePageModule[];
  /** Every module of the course, for the lesson counts. */
  allModules: CoursePageModule[];
  selectedLessonId: number | null;
  expanded: ReadonlySet<number>;
  onToggle: (moduleId: number, open: boolean) => void;
  words: string[];
  /** Query string kept on lesson links (the lesson search). */
  linkSearch: string;
  onEditModule: (module: CoursePageModule) => void;
  onAddLesson: (module: CoursePageModule) => void;
}) {
  return (
    <Box>
      {modules.map((module, index) => {
        const full = allModules.find((m) => m.id === module.id) ?? module;
        const done = full.Lessons.filter((l) => l.completed === 'true').length;
        const total = full.Lessons.length;
        const open = expanded.has(module.id);
        const summaryId = `module-${module.id}-summary`;
        return (
          <Disclosure
            key={module.id}
            expanded={open}
            onChange={(isOpen) => onToggle(module.id, isOpen)}
            summaryId={summaryId}
            regionId={`module-${module.id}-lessons`}
            sx={{ borderBottom: index === modules.length - 1 ? 0 : 1, borderColor: 'divider' }}
            summarySx={{ py: 0.5, '& > span:first-of-type': { my: 1.25 } }}
            regionSx={{ px: 1, pt: 0, pb: 1.25 }}
            summary={
              <Box sx={{ minWidth: 0, flex: 1, pr: 1 }}>
                <Typography component="h3" sx={{ fontWeight: 700, lineHeight: 1.35, fontSize: '0.975rem' }}>
                  <Highlight text={module.title} words={words} />
                </Typography>
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25, mt: 0.75 }}>
                  <ProgressLine
                    value={module.totalProgress}
                    aria-label={`${module.title} progress`}
                    color={module.totalProgress >= 100 ? 'success' : 'primary'}
                    sx={{ flex: 1, height: 5, borderRadius: 3, bgcolor: 'rgba(140, 47, 93, 0.1)' }}
                  />
                  <Typography
                    variant="caption"
                    color="text.secondary"
                    sx={{ whiteSpace: 'nowrap', minWidth: 72, textAlign: 'right' }}
                  >
                    {total === 0 ? 'No lessons' : `${done}/${total} · ${module.totalProgress}%`}
                  </Typography>
                </Box>
                {releaseNote(module) && (
                  <Typography
                    variant="caption"
                    color="secondary.dark"
                    sx={{ display: 'flex', alignItems: 'center', gap: 0.5, mt: 0.5, fontWeight: 600 }}
                  >
                    <OutlineLockIcon sx={{ fontSize: 14 }} aria-hidden />
                    {releaseNote(module)}
                  </Typography>
                )}
              </Box>
            }
          >
            {module.Lessons.length === 0 ? (
              <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 1 }}>
                No lessons in this module yet.
              </Typography>
            ) : (
              <List dense disablePadding aria-label={`Lessons of ${module.title}`}>
                {module.Lessons.map((lesson) => (
                  <LessonLink
                    key={lesson.id}
                    slug={slug}
                    lesson={lesson}
                    locked={module.opensAt != null}
                    selected={lesson.id === selectedLessonId}
                    words={words}
                    linkSearch={linkSearch}
                  />
                ))}
              </List>
            )}
            {module.abilities.edit && (
              <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', px: 1, pt: 1 }}>
                <Button
                  size="small"
                  startIcon={<AddRounded />}
                  id={`module-${module.id}-add-lesson`}
                  onClick={() => onAddLesson(module)}
                  aria-label={`Add lesson to ${module.title}`}
                >
                  Add lesson
                </Button>
                <Button
                  size="small"
                  color="inherit"
                  startIcon={<EditRounded />}
                  onClick={() => onEditModule(module)}
                  aria-label={`Edit module ${module.title}`}
                >
                  Edit module
                </Button>
              </Box>
            )}
          </Disclosure>
        );
      })}
    </Box>
  );
}

/**
 * A dripped module's line: the day it opens to her while it is locked; for coaches and admins (never locked) the
 * rule members follow.
 */
function releaseNote(module: CoursePageModule): string | null {
  if (module.opensAt) return `Opens on ${formatDate(module.opensAt)}`;
  if (module.releaseAfterDays != null)
    return `Members: opens ${module.releaseAfterDays} day${module.releaseAfterDays === 1 ? '' : 's'} after access begins`;
  if (module.releaseAt) return `Members: opens on ${formatCalendarDay(module.releaseAt, 'long')}`;
  return null;
}

function LessonLink({
  slug,
  lesson,
  locked,
  selected,
  words,
  linkSearch,
}: {
  slug: string;
  lesson: CoursePageLesson;
  /** Its module has not opened to her yet (drip). */
  locked: boolean;
  selected: boolean;
  words: string[];
  linkSearch: string;
}) {
  const completed = lesson.completed === 'true';
  // The link inside an <li>: a <ul> may hold list items only (axe 'list' / 'listitem'). A plain one: MUI's ListItem,
  // with its secondary-action part, was about 1.5 KB gzipped of the course page's first load.
  return (
    <Box component="li" sx={{ display: 'block' }}>
      <ListItemButton
        component={RouterLink}
        to={{ pathname: `/courses/${slug}/${lesson.ModuleId}/${lesson.id}`, search: linkSearch }}
        selected={selected}
        aria-current={selected ? 'page' : undefined}
        sx={{
          borderRadius: 2,
          mb: 0.25,
          alignItems: 'flex-start',
          '&.Mui-selected': {
            bgcolor: (t) => alpha(t.palette.primary.main, 0.09),
            '& .MuiListItemText-primary': { color: 'primary.main', fontWeight: 700 },
          },
        }}
      >
        <ListItemIcon sx={{ minWidth: 32, mt: 0.4 }}>
          {completed ? (
            <CheckCircleRounded fontSize="small" sx={{ color: 'success.main' }} />
          ) : locked ? (
            <OutlineLockIcon fontSize="small" sx={{ color: 'text.disabled' }} />
          ) : (
            <RadioButtonUncheckedRounded fontSize="small" sx={{ color: 'text.disabled' }} />
          )}
        </ListItemIcon>
        <ListItemText
          primary={
            <>
              <Highlight text={lesson.title} words={words} />
              {(completed || locked) && (
                <Box component="span" sx={VISUALLY_HIDDEN}>
                  {completed ? ' (completed)' : ' (not open yet)'}
                </Box>
              )}
              {lesson.commentCount ? (
                <Box
                  component="span"
                  sx={{ ml: 0.75, px: 0.75, borderRadius: 2, bgcolor: 'action.hover', fontSize: '0.75rem' }}
                >
                  <Box component="span" sx={VISUALLY_HIDDEN}>
                    {' ('}
                  </Box>
                  {lesson.commentCount}
                  <Box component="span" sx={VISUALLY_HIDDEN}>
                    {lesson.commentCount === 1 ? ' comment)' : ' comments)'}
                  </Box>
                </Box>
              ) : null}
            </>
          }
          slotProps={{ primary: { sx: { fontSize: '0.925rem', lineHeight: 1.45 } } }}
        />
      </ListItemButton>
    </Box>
  );
}
