import type { DropResult } from '@hello-pangea/dnd';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { CourseCard } from '../../../api/courses';
import { moveItem } from '../course/outline';
import { DragHandle, MoveButtons, ReorderList } from '../ReorderParts';
import { clampLines } from './CourseCard';
import { CoverImage } from './CoverImage';

/**
 * Catalogue reorder mode: the courses as a vertical list that can be dragged (mouse, touch, or keyboard: focus a
 * handle, Space to lift, arrows to move, Space to drop) or moved with the arrow buttons.
 */
export default function CoursesReorderList({
  courses,
  onChange,
  disabled,
}: {
  courses: CourseCard[];
  onChange: (courses: CourseCard[]) => void;
  disabled: boolean;
}) {
  const onDragEnd = (result: DropResult) => {
    if (!result.destination || result.destination.index === result.source.index) return;
    onChange(moveItem(courses, result.source.index, result.destination.index));
  };

  if (courses.length === 0) {
    return <Typography color="text.secondary">There are no courses to reorder yet.</Typography>;
  }

  return (
    <ReorderList
      items={courses}
      droppableId="courses"
      draggablePrefix="course-"
      label="Courses in order"
      maxWidth={860}
      rowGap={1.25}
      disabled={disabled}
      onDragEnd={onDragEnd}
      row={(course, index, handleProps, snapshot) => (
        <Paper
          variant="outlined"
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: { xs: 1, sm: 2 },
            p: 1.25,
            pr: { xs: 0.5, sm: 1.25 },
            bgcolor: 'background.paper',
            boxShadow: snapshot.isDragging ? '0 16px 32px rgba(43, 27, 46, 0.2)' : 'none',
            borderColor: snapshot.isDragging ? 'primary.light' : undefined,
          }}
        >
          <DragHandle handleProps={handleProps} label={`Drag ${course.title}`} padding={0.5} />
          <Typography sx={{ width: 28, textAlign: 'center', fontWeight: 800, color: 'primary.main' }}>
            {index + 1}
          </Typography>
          <Box sx={{ width: { xs: 72, sm: 112 }, flexShrink: 0 }}>
            <CoverImage url={course.coverPhotoUrl} title={course.title} seed={course.id} rounded compact />
          </Box>
          <Box sx={{ minWidth: 0, flex: 1 }}>
            <Typography sx={{ fontWeight: 700, ...clampLines(2) }}>{course.title}</Typography>
            {course.status === 'DRAFT' && (
              <Chip label="DRAFT" size="small" sx={{ mt: 0.5, fontWeight: 700, height: 20 }} color="warning" />
            )}
          </Box>
          <MoveButtons
            name={course.title}
            index={index}
            count={courses.length}
            disabled={disabled}
            onMove={(to) => onChange(moveItem(courses, index, to))}
          />
        </Paper>
      )}
    />
  );
}
