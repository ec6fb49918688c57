import {
  DragDropContext,
  Draggable,
  type DraggableProvidedDragHandleProps,
  type DraggableStateSnapshot,
  Droppable,
  type DropResult,
} from '@hello-pangea/dnd';
import ArrowDownwardRounded from '@mui/icons-material/ArrowDownwardRounded';
import ArrowUpwardRounded from '@mui/icons-material/ArrowUpwardRounded';
import DragIndicatorRounded from '@mui/icons-material/DragIndicatorRounded';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import type { ReactNode } from 'react';
import { focusRing } from '../../theme';

/**
 * A reorder view's top list: a numbered list (`label` names it) whose rows can be dragged (mouse, touch, or keyboard)
 * unless `disabled`. `row` draws a row; it gets the row's drag handle props and whether it is being dragged.
 */
export function ReorderList<T extends { id: number }>({
  items,
  droppableId,
  draggablePrefix,
  type,
  label,
  maxWidth,
  rowGap,
  disabled,
  onDragEnd,
  row,
}: {
  items: readonly T[];
  droppableId: string;
  /** A row's draggable id is this followed by the item's id. */
  draggablePrefix: string;
  type?: string;
  label: string;
  maxWidth: number;
  rowGap: number;
  disabled: boolean;
  onDragEnd: (result: DropResult) => void;
  row: (
    item: T,
    index: number,
    handleProps: DraggableProvidedDragHandleProps | null | undefined,
    snapshot: DraggableStateSnapshot,
  ) => ReactNode;
}) {
  return (
    <DragDropContext onDragEnd={onDragEnd}>
      <Droppable droppableId={droppableId} type={type} isDropDisabled={disabled}>
        {(drop) => (
          <Box
            component="ol"
            ref={drop.innerRef}
            {...drop.droppableProps}
            aria-label={label}
            sx={{ listStyle: 'none', p: 0, m: 0, maxWidth }}
          >
            {items.map((item, index) => (
              <Draggable
                key={item.id}
                draggableId={`${draggablePrefix}${item.id}`}
                index={index}
                isDragDisabled={disabled}
              >
                {(drag, snapshot) => (
                  <Box component="li" ref={drag.innerRef} {...drag.draggableProps} sx={{ pb: rowGap }}>
                    {row(item, index, drag.dragHandleProps, snapshot)}
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

/** The grip that drags a row (mouse, touch, or keyboard: focus it, Space, arrows, Space), named 'Drag …'. */
export function DragHandle({
  handleProps,
  label,
  padding,
  small = false,
}: {
  handleProps: DraggableProvidedDragHandleProps | null | undefined;
  label: string;
  padding: number;
  small?: boolean;
}) {
  return (
    <Box
      {...handleProps}
      aria-label={label}
      sx={{
        display: 'grid',
        placeItems: 'center',
        color: 'text.secondary',
        cursor: 'grab',
        borderRadius: 1,
        p: padding,
        '&:focus-visible': focusRing,
      }}
    >
      <DragIndicatorRounded fontSize={small ? 'small' : undefined} />
    </Box>
  );
}

/** 'Move … up' and 'Move … down' for the row at `index` of `count`; `onMove` gets the new index. */
export function MoveButtons({
  name,
  index,
  count,
  disabled,
  onMove,
}: {
  name: string;
  index: number;
  count: number;
  disabled: boolean;
  onMove: (to: number) => void;
}) {
  return (
    <>
      <IconButton
        size="small"
        aria-label={`Move ${name} up`}
        disabled={disabled || index === 0}
        onClick={() => onMove(index - 1)}
      >
        <ArrowUpwardRounded fontSize="small" />
      </IconButton>
      <IconButton
        size="small"
        aria-label={`Move ${name} down`}
        disabled={disabled || index === count - 1}
        onClick={() => onMove(index + 1)}
      >
        <ArrowDownwardRounded fontSize="small" />
      </IconButton>
    </>
  );
}
