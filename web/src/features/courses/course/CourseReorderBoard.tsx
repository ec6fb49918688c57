import { Draggable, Droppable, type DropResult } from '@hello-pangea/dnd';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import type { CoursePageModule } from '../../../api/courses';
import { DragHandle, MoveButtons, ReorderList } from '../ReorderParts';
import { moveItem, moveLesson } from './outline';

const MODULES = 'modules';
const LESSONS_PREFIX = 'lessons-';

/**
 * Course reorder mode ('Manage Order'): modules and their lessons as nested drag-and-drop lists. Modules move up and
 * down; lessons move within a module or into another one. Keyboard: focus a handle, Space, arrows, Space.
 */
export default function CourseReorderBoard({
  modules,
  onChange,
  disabled,
}: {
  modules: CoursePageModule[];
  onChange: (modules: CoursePageModule[]) => void;
  disabled: boolean;
}) {
  const onDragEnd = (result: DropResult) => {
    const { source, destination, type } = result;
    if (!destination) return;
    if (source.droppableId === destination.droppableId && source.index === destination.index) return;
    if (type === 'MODULE') {
      onChange(moveItem(modules, source.index, destination.index));
      return;
    }
    const from = Number(source.droppableId.slice(LESSONS_PREFIX.length));
    const to = Number(destination.droppableId.slice(LESSONS_PREFIX.length));
    onChange(moveLesson(modules, { moduleId: from, index: source.index }, { moduleId: to, index: destination.index }));
  };

  return (
    <ReorderList
      items={modules}
      droppableId={MODULES}
      draggablePrefix="module-"
      type="MODULE"
      label="Modules in order"
      maxWidth={880}
      rowGap={2}
      disabled={disabled}
      onDragEnd={onDragEnd}
      row={(module, index, handleProps, snapshot) => (
        <Paper
          variant="outlined"
          aria-label={`Module ${module.title}`}
          sx={{
            overflow: 'hidden',
            boxShadow: snapshot.isDragging ? '0 16px 32px rgba(43, 27, 46, 0.2)' : 'none',
            borderColor: snapshot.isDragging ? 'primary.light' : undefined,
          }}
        >
          <Box
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: 1.25,
              px: 1.5,
              py: 1.25,
              bgcolor: (t) => alpha(t.palette.primary.main, 0.05),
              borderBottom: 1,
              borderColor: 'divider',
            }}
          >
            <DragHandle handleProps={handleProps} label={`Drag module ${module.title}`} padding={0.25} />
            <Box sx={{ minWidth: 0, flex: 1 }}>
              <Typography variant="caption" color="text.secondary" component="p">
                Module {index + 1}
              </Typography>
              <Typography sx={{ fontWeight: 700 }}>{module.title}</Typography>
            </Box>
            <MoveButtons
              name={`module ${module.title}`}
              index={index}
              count={modules.length}
              disabled={disabled}
              onMove={(to) => onChange(moveItem(modules, index, to))}
            />
          </Box>
          <Droppable droppableId={`${LESSONS_PREFIX}${module.id}`} type="LESSON" isDropDisabled={disabled}>
            {(lessonDrop, lessonSnapshot) => (
              <Box
                component="ol"
                ref={lessonDrop.innerRef}
                {...lessonDrop.droppableProps}
                aria-label={`Lessons of ${module.title}`}
                sx={{
                  listStyle: 'none',
                  m: 0,
                  p: 1,
                  minHeight: 56,
                  bgcolor: lessonSnapshot.isDraggingOver ? (t) => alpha(t.palette.secondary.main, 0.08) : 'transparent',
                  transition: 'background-color 120ms',
                }}
              >
                {module.Lessons.map((lesson, lessonIndex) => (
                  <Draggable
                    key={lesson.id}
                    draggableId={`lesson-${lesson.id}`}
                    index={lessonIndex}
                    isDragDisabled={disabled}
                  >
                    {(lessonDrag, lessonDragSnapshot) => (
                      <Box
                        component="li"
                        ref={lessonDrag.innerRef}
                        {...lessonDrag.draggableProps}
                        aria-label={`Lesson ${lesson.title}`}
                        sx={{ pb: 0.75 }}
                      >
                        <Box
                          sx={{
                            display: 'flex',
                            alignItems: 'center',
                            gap: 1,
                            px: 1,
                            py: 0.75,
                            borderRadius: 2,
                            border: 1,
                            borderColor: lessonDragSnapshot.isDragging ? 'primary.light' : 'divider',
                            bgcolor: 'background.paper',
                            boxShadow: lessonDragSnapshot.isDragging ? '0 10px 24px rgba(43, 27, 46, 0.18)' : 'none',
                          }}
                        >
                          <DragHandle
                            handleProps={lessonDrag.dragHandleProps}
                            label={`Drag lesson ${lesson.title}`}
                            padding={0.25}
                            small
                          />
                          <Typography variant="body2" sx={{ flex: 1, minWidth: 0 }}>
                            {lesson.title}
                          </Typography>
                          <MoveButtons
                            name={`lesson ${lesson.title}`}
                            index={lessonIndex}
                            count={module.Lessons.length}
                            disabled={disabled}
                            onMove={(to) =>
                              onChange(
                                moveLesson(
                                  modules,
                                  { moduleId: module.id, index: lessonIndex },
                                  { moduleId: module.id, index: to },
                                ),
                              )
                            }
                          />
                        </Box>
                      </Box>
                    )}
                  </Draggable>
                ))}
                {lessonDrop.placeholder}
                {module.Lessons.length === 0 && !lessonSnapshot.isDraggingOver && (
                  <Typography variant="body2" color="text.secondary" sx={{ px: 1.5, py: 1.25, fontStyle: 'italic' }}>
                    No lessons — drop one here
                  </Typography>
                )}
              </Box>
            )}
          </Droppable>
        </Paper>
      )}
    />
  );
}
