/**
 * A list reordered by drag and drop or the keyboard (@dnd-kit/sortable): each item's handle lifts
 * it with Space or Enter, the arrow keys move it, Space drops it and Escape cancels, each step
 * said to screen readers; Move up and Move down buttons do the same in one press.
 */
import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type Announcements, type DragEndEvent } from '@dnd-kit/core';
import { rectSortingStrategy, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { moved } from '../model/forms';

export interface SortableItem {
  id: number | string;
  /** How the item is named to screen readers ("Play Machines 1"). */
  label: string;
}

const List = styled.ol<{ $grid: boolean }>`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space[3]}px;
  grid-template-columns: ${({ $grid }) => ($grid ? 'repeat(auto-fill, minmax(150px, 1fr))' : '1fr')};
`;

const Row = styled.li<{ $dragging: boolean }>`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]}px;
  padding: ${({ theme }) => theme.space[2]}px ${({ theme }) => theme.space[3]}px;
  background: ${({ theme }) => theme.colors.surface};
  border: 2px solid ${({ $dragging, theme }) => ($dragging ? theme.colors.accent : theme.colors.border)};
  border-radius: ${({ theme }) => theme.radii.md};
  box-shadow: ${({ $dragging, theme }) => ($dragging ? theme.shadows.raised : 'none')};
  position: relative;
  z-index: ${({ $dragging }) => ($dragging ? 1 : 0)};
`;

export const Handle = styled.button`
  min-width: ${({ theme }) => theme.touchTarget}px;
  min-height: ${({ theme }) => theme.touchTarget}px;
  border: 2px dashed ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.surfaceAlt};
  color: ${({ theme }) => theme.colors.text};
  cursor: grab;
  touch-action: none;
  font-size: ${({ theme }) => theme.fontSizes.lg};
`;

export const SmallButton = styled.button`
  min-height: ${({ theme }) => theme.touchTarget}px;
  padding: 0 ${({ theme }) => theme.space[3]}px;
  border: 2px solid ${({ theme }) => theme.colors.accent};
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.accent};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  cursor: pointer;
  &:disabled {
    opacity: 0.5;
    cursor: default;
  }
`;

function SortableRow({ item, index, count, move, children }: { item: SortableItem; index: number; count: number; move: (from: number, to: number) => void; children: ReactNode }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: item.id });
  return (
    <Row ref={setNodeRef} style={{ transform: CSS.Transform.toString(transform), transition }} $dragging={isDragging} data-testid={`sortable-${item.id}`}>
      <Handle type="button" ref={setActivatorNodeRef} {...attributes} {...listeners} aria-label={`Move ${item.label} (drag, or press Space then the arrow keys)`}>
        <span aria-hidden="true">⠿</span>
      </Handle>
      {children}
      <SmallButton type="button" onClick={() => move(index, index - 1)} disabled={index === 0} aria-label={`Move ${item.label} up`}>
        ↑
      </SmallButton>
      <SmallButton type="button" onClick={() => move(index, index + 1)} disabled={index === count - 1} aria-label={`Move ${item.label} down`}>
        ↓
      </SmallButton>
    </Row>
  );
}

export function SortableList<T extends SortableItem>({
  items,
  label,
  grid = false,
  onReorder,
  children,
}: {
  items: T[];
  /** What the list holds, for the announcements ("program", "step"). */
  label: string;
  grid?: boolean;
  /** The new order of ids, and the one before it (to roll back). */
  onReorder: (ids: T['id'][], previousIds: T['id'][], from: number, to: number) => void;
  children: (item: T, index: number) => ReactNode;
}) {
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 6 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const ids = items.map((item) => item.id);
  const nameOf = (id: unknown) => items.find((item) => item.id === id)?.label ?? label;
  const placeOf = (id: unknown) => ids.indexOf(id as T['id']) + 1;

  const move = (from: number, to: number) => {
    if (to < 0 || to >= items.length || from === to) return;
    onReorder(moved(ids, from, to), ids, from, to);
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) move(ids.indexOf(active.id as T['id']), ids.indexOf(over.id as T['id']));
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${nameOf(active.id)}, ${label} ${placeOf(active.id)} of ${items.length}.`,
    onDragOver: ({ active, over }) => (over ? `${nameOf(active.id)} is over place ${placeOf(over.id)} of ${items.length}.` : `${nameOf(active.id)} is no longer over a place.`),
    onDragEnd: ({ active, over }) => (over ? `${nameOf(active.id)} dropped at place ${placeOf(over.id)} of ${items.length}.` : `${nameOf(active.id)} dropped where it was.`),
    onDragCancel: ({ active }) => `Moving ${nameOf(active.id)} was cancelled; it is back at place ${placeOf(active.id)}.`,
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements,
        screenReaderInstructions: { draggable: `To move a ${label}, press Space or Enter, use the arrow keys, then press Space or Enter again to drop it, or Escape to cancel.` },
      }}
    >
      <SortableContext items={ids} strategy={grid ? rectSortingStrategy : verticalListSortingStrategy}>
        <List $grid={grid}>
          {items.map((item, index) => (
            <SortableRow key={item.id} item={item} index={index} count={items.length} move={move}>
              {children(item, index)}
            </SortableRow>
          ))}
        </List>
      </SortableContext>
    </DndContext>
  );
}
