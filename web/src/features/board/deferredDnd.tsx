import type {
  DragDropContextProps,
  DraggableProvided,
  DraggableRubric,
  DraggableStateSnapshot,
  DroppableProvided,
  DroppableStateSnapshot,
} from '@hello-pangea/dnd';
import { type ComponentType, type ReactNode, useEffect, useState } from 'react';
import { prefetchLazyFormParts } from '../../components/LazyMui';

/**
 * Drag and drop arrives after the board is on screen: @hello-pangea/dnd is about 28 KB gzipped, and the cards can
 * be read, opened and added without it. Until it has loaded, the same render props are fed by static stand-ins
 * that lay the board out identically (nothing can be dragged for those few hundred milliseconds).
 */
export interface DndParts {
  ready: boolean;
  /**
   * Mouse and touch are the library's (with its auto-scroll of the board near an edge); the keyboard is ours
   * (useKeyboardMove.ts): the library's only reaches lists already on screen, and a phone shows one. Pass with
   * `enableDefaultSensors={false}`.
   */
  sensors: NonNullable<DragDropContextProps['sensors']>;
  DragDropContext: ComponentType<DragDropContextProps>;
  Droppable: ComponentType<{
    droppableId: string;
    isDropDisabled?: boolean;
    children: (provided: DroppableProvided, snapshot: DroppableStateSnapshot) => ReactNode;
  }>;
  Draggable: ComponentType<{
    draggableId: string;
    index: number;
    isDragDisabled?: boolean;
    children: (provided: DraggableProvided, snapshot: DraggableStateSnapshot, rubric: DraggableRubric) => ReactNode;
  }>;
}

const noRef = () => {};

const STATIC_PARTS: DndParts = {
  ready: false,
  sensors: [],
  DragDropContext: ({ children }) => children,
  Droppable: ({ droppableId, children }) =>
    children(
      {
        innerRef: noRef,
        placeholder: null,
        droppableProps: { 'data-rfd-droppable-context-id': '', 'data-rfd-droppable-id': droppableId },
      },
      { isDraggingOver: false, draggingOverWith: null, draggingFromThisWith: null, isUsingPlaceholder: false },
    ),
  Draggable: ({ draggableId, index, children }) =>
    children(
      {
        innerRef: noRef,
        draggableProps: { 'data-rfd-draggable-context-id': '', 'data-rfd-draggable-id': draggableId },
        dragHandleProps: null,
      },
      {
        isDragging: false,
        isDropAnimating: false,
        isClone: false,
        dropAnimation: null,
        draggingOver: null,
        combineWith: null,
        combineTargetFor: null,
        mode: null,
      },
      { draggableId, type: 'DEFAULT', source: { droppableId: '', index } },
    ),
};

let loaded: DndParts | null = null;
let loading: Promise<DndParts> | null = null;

function loadDnd(): Promise<DndParts> {
  loading ??= import('@hello-pangea/dnd').then((dnd) => {
    loaded = {
      ready: true,
      DragDropContext: dnd.DragDropContext,
      Droppable: dnd.Droppable,
      Draggable: dnd.Draggable,
      sensors: [dnd.useMouseSensor, dnd.useTouchSensor],
    };
    // The fields and dialogs of the board's forms, next in line for the first click.
    prefetchLazyFormParts();
    return loaded;
  });
  return loading;
}

/**
 * The drag-and-drop parts: the static stand-ins on the first paint, the real ones once loaded (fetched after the
 * board has painted, so they never delay it; on later visits they are there at once).
 */
export function useDeferredDnd(): DndParts {
  const [parts, setParts] = useState<DndParts>(() => loaded ?? STATIC_PARTS);
  useEffect(() => {
    if (parts.ready) return;
    let live = true;
    // After the paint: the next frame, then a task (a frame callback alone still runs before that frame paints).
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => void loadDnd().then((real) => live && setParts(real)), 0);
    });
    return () => {
      live = false;
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [parts.ready]);
  return parts;
}
