import type { ReactNode } from 'react';
import { SideScroll } from '../../components/table.tsx';

/**
 * A wide table that scrolls sideways on a phone, with the hint that it does. The scrolling box is
 * a labelled region that takes focus, so keyboard users can scroll it too (axe:
 * scrollable-region-focusable).
 */
export function ScrollTable({
  label,
  minWidth,
  children,
}: {
  label: string;
  minWidth: number;
  children: ReactNode;
}) {
  return (
    <SideScroll minWidth={minWidth} label={label}>
      {children}
    </SideScroll>
  );
}
