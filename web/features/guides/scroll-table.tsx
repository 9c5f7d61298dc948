import type { ReactNode } from 'react';

/**
 * A wide table that scrolls sideways on a phone. The scrolling box is a labelled region that
 * takes focus, so keyboard users can scroll it too (axe: scrollable-region-focusable).
 */
export function ScrollTable({ label, minWidth, children }: { label: string; minWidth: number; children: ReactNode }) {
  return (
    <div role="region" aria-label={label} tabIndex={0} style={{ overflowX: 'auto' }}>
      <div style={{ minWidth }}>{children}</div>
    </div>
  );
}
