/**
 * A list reordered by dragging a row's handle with a pointer, or with the keyboard (space to pick
 * up, arrows, space to drop), with screen-reader announcements. Used by the queue and playlists.
 */
import type { HTMLAttributes, ReactNode } from 'react';
import { DndContext, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { GripVertical } from 'lucide-react';
import '../player/PlayerBar.css';
import '../queue/QueuePage.css';

interface SortableListProps {
  /** Unique row ids, in the order shown. */
  ids: readonly string[];
  label: string;
  /** What a row is called in announcements. */
  titleAt: (index: number) => string;
  onMove: (from: number, to: number) => void;
  className?: string;
  children: ReactNode;
}

export function SortableList({ ids, label, titleAt, onMove, className = 'queue__list', children }: SortableListProps) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = ids.indexOf(String(active.id));
    const to = ids.indexOf(String(over.id));
    if (from >= 0 && to >= 0) onMove(from, to);
  };
  const announcement = (id: string | number) => {
    const index = ids.indexOf(String(id));
    return index >= 0 ? `${titleAt(index)}, position ${index + 1} of ${ids.length}` : '';
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements: {
          onDragStart: ({ active }) => `Picked up ${announcement(active.id)}.`,
          onDragOver: ({ over }) => (over ? `Moved to ${announcement(over.id)}.` : ''),
          onDragEnd: ({ over }) => (over ? `Dropped at ${announcement(over.id)}.` : 'Dropped.'),
          onDragCancel: () => 'Reorder cancelled.',
        },
      }}
    >
      <SortableContext items={[...ids]} strategy={verticalListSortingStrategy}>
        <ol className={className} aria-label={label}>
          {children}
        </ol>
      </SortableContext>
    </DndContext>
  );
}

type SortableRowProps = {
  id: string;
  /** The drag handle's accessible name, e.g. 'Reorder X, position 2'. */
  handleLabel: string;
  /** False: no handle (a read-only row); `placeholder` takes its place. */
  sortable?: boolean;
  placeholder?: ReactNode;
  children: ReactNode;
} & HTMLAttributes<HTMLLIElement>;

/** A row of a SortableList: its drag handle first, then the children. */
export function SortableRow({ id, handleLabel, sortable = true, placeholder = null, children, ...rest }: SortableRowProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id, disabled: !sortable });
  return (
    <li ref={setNodeRef} {...rest} data-dragging={isDragging} style={{ transform: CSS.Transform.toString(transform), transition }}>
      {sortable ? (
        <button type="button" ref={setActivatorNodeRef} className="player-icon-button queue-row__handle" aria-label={handleLabel} {...attributes} {...listeners}>
          <GripVertical aria-hidden size={18} />
        </button>
      ) : (
        placeholder
      )}
      {children}
    </li>
  );
}
