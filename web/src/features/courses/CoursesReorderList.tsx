import { DragDropContext, Draggable, Droppable, type DropResult } from '@hello-pangea/dnd';
import ArrowDownwardRounded from '@mui/icons-material/ArrowDownwardRounded';
import ArrowUpwardRounded from '@mui/icons-material/ArrowUpwardRounded';
import DragIndicatorRounded from '@mui/icons-material/DragIndicatorRounded';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { CourseCard } from '../../api/courses';
import { clampLines } from './CourseCard';
import { CoverImage } from './CoverImage';
import { moveItem } from './outline';

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
    <DragDropContext onDragEnd={onDragEnd}>
      <Droppable droppableId="courses" isDropDisabled={disabled}>
        {(drop) => (
          <Box
            component="ol"
            ref={drop.innerRef}
            {...drop.droppableProps}
            aria-label="Courses in order"
            sx={{ listStyle: 'none', p: 0, m: 0, maxWidth: 860 }}
          >
            {courses.map((course, index) => (
              <Draggable key={course.id} draggableId={`course-${course.id}`} index={index} isDragDisabled={disabled}>
                {(drag, snapshot) => (
                  <Box component="li" ref={drag.innerRef} {...drag.draggableProps} sx={{ pb: 1.25 }}>
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
                      <Box
                        {...drag.dragHandleProps}
                        aria-label={`Drag ${course.title}`}
                        sx={{
                          display: 'grid',
                          placeItems: 'center',
                          color: 'text.secondary',
                          cursor: 'grab',
                          borderRadius: 1,
                          p: 0.5,
                          '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' },
                        }}
                      >
                        <DragIndicatorRounded />
                      </Box>
                      <Typography sx={{ width: 28, textAlign: 'center', fontWeight: 800, color: 'primary.main' }}>
                        {index + 1}
                      </Typography>
                      <Box sx={{ width: { xs: 72, sm: 112 }, flexShrink: 0 }}>
                        <CoverImage url={course.coverPhotoUrl} title={course.title} seed={course.id} rounded compact />
                      </Box>
                      <Box sx={{ minWidth: 0, flex: 1 }}>
                        <Typography sx={{ fontWeight: 700, ...clampLines(2) }}>{course.title}</Typography>
                        {course.status === 'DRAFT' && (
                          <Chip
                            label="DRAFT"
                            size="small"
                            sx={{ mt: 0.5, fontWeight: 700, height: 20 }}
                            color="warning"
                          />
                        )}
                      </Box>
                      <IconButton
                        aria-label={`Move ${course.title} up`}
                        disabled={disabled || index === 0}
                        onClick={() => onChange(moveItem(courses, index, index - 1))}
                        size="small"
                      >
                        <ArrowUpwardRounded fontSize="small" />
                      </IconButton>
                      <IconButton
                        aria-label={`Move ${course.title} down`}
                        disabled={disabled || index === courses.length - 1}
                        onClick={() => onChange(moveItem(courses, index, index + 1))}
                        size="small"
                      >
                        <ArrowDownwardRounded fontSize="small" />
                      </IconButton>
                    </Paper>
                  </Box>
                )}
              </Draggable>
            ))}
            {drop.placeholder}
          </Box>
        )}
      </Droppable>
    </DragDropContext>
  );
}
