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
import { useMessages } from '../../../shared/i18n/messages';
import { studioEditorMessages } from '../studio.messages';

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
  const t = useMessages(studioEditorMessages);
  return (
    <Row ref={setNodeRef} style={{ transform: CSS.Transform.toString(transform), transition }} $dragging={isDragging} data-testid={`sortable-${item.id}`}>
      <Handle type="button" ref={setActivatorNodeRef} {...attributes} {...listeners} aria-label={t.moveHandle({ name: item.label })}>
        <span aria-hidden="true">⠿</span>
      </Handle>
      {children}
      <SmallButton type="button" onClick={() => move(index, index - 1)} disabled={index === 0} aria-label={t.moveUp({ name: item.label })}>
        ↑
      </SmallButton>
      <SmallButton type="button" onClick={() => move(index, index + 1)} disabled={index === count - 1} aria-label={t.moveDown({ name: item.label })}>
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
  const t = useMessages(studioEditorMessages);
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
    onDragStart: ({ active }) => t.pickedUp({ name: nameOf(active.id), kind: label, place: placeOf(active.id), total: items.length }),
    onDragOver: ({ active, over }) =>
      over ? t.isOver({ name: nameOf(active.id), place: placeOf(over.id), total: items.length }) : t.notOver({ name: nameOf(active.id) }),
    onDragEnd: ({ active, over }) =>
      over ? t.dropped({ name: nameOf(active.id), place: placeOf(over.id), total: items.length }) : t.droppedInPlace({ name: nameOf(active.id) }),
    onDragCancel: ({ active }) => t.cancelled({ name: nameOf(active.id), place: placeOf(active.id) }),
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements,
        screenReaderInstructions: { draggable: t.instructions({ kind: label }) },
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
