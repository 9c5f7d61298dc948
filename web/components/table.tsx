import {
  useEffect,
  useRef,
  useState,
  type ComponentPropsWithoutRef,
  type CSSProperties,
  type ReactNode,
} from 'react';
import { useTranslation } from '../lib/translation.tsx';
import classes from './table.module.css';

type Size = 'xs' | 'sm' | 'md' | 'lg' | 'xl';
const spacing = (value: Size | number | undefined) =>
  value === undefined
    ? undefined
    : typeof value === 'number'
      ? `calc(${value / 16}rem * var(--mantine-scale))`
      : `var(--mantine-spacing-${value})`;

interface TableProps extends ComponentPropsWithoutRef<'table'> {
  striped?: boolean;
  highlightOnHover?: boolean;
  /** Lines between rows; on unless turned off. */
  withRowBorders?: boolean;
  withColumnBorders?: boolean;
  withTableBorder?: boolean;
  verticalSpacing?: Size | number;
  fz?: Size;
  mt?: Size | number;
  mb?: Size | number;
  maw?: number;
  'data-testid'?: string;
}

/**
 * A table that looks like Mantine's but is drawn with plain elements: a page of tables (a
 * programme's partners, a card's rates) hydrates in a fraction of the time, because no cell runs
 * the style system. Same props as Mantine's for what the pages use.
 */
export function Table({
  striped,
  highlightOnHover,
  withRowBorders = true,
  withColumnBorders,
  withTableBorder,
  verticalSpacing,
  fz,
  mt,
  mb,
  maw,
  className,
  style,
  ...rest
}: TableProps) {
  const names = [
    classes.table,
    withRowBorders && classes.rowBorders,
    withColumnBorders && classes.columnBorders,
    withTableBorder && classes.tableBorder,
    striped && classes.striped,
    highlightOnHover && classes.hover,
    className,
  ];
  const look = {
    '--table-vertical-spacing': spacing(verticalSpacing),
    '--table-font-size': fz ? `var(--mantine-font-size-${fz})` : undefined,
    marginTop: spacing(mt),
    marginBottom: spacing(mb),
    maxWidth: maw,
    ...style,
  } as CSSProperties;
  return <table className={names.filter(Boolean).join(' ')} style={look} {...rest} />;
}

interface CellProps {
  ta?: CSSProperties['textAlign'];
  ff?: 'monospace' | 'text';
  w?: number | string;
}

const cellStyle = ({ ta, ff, w }: CellProps, style: CSSProperties | undefined): CSSProperties => ({
  textAlign: ta,
  fontFamily: ff === 'monospace' ? 'var(--mantine-font-family-monospace)' : undefined,
  width: w,
  ...style,
});

Table.Thead = function Thead(props: ComponentPropsWithoutRef<'thead'>) {
  return <thead {...props} />;
};
Table.Tbody = function Tbody(props: ComponentPropsWithoutRef<'tbody'>) {
  return <tbody {...props} />;
};
Table.Tr = function Tr(props: ComponentPropsWithoutRef<'tr'>) {
  return <tr {...props} />;
};
Table.Th = function Th({ ta, ff, w, style, ...rest }: ComponentPropsWithoutRef<'th'> & CellProps) {
  return <th style={cellStyle({ ta, ff, w }, style)} {...rest} />;
};
Table.Td = function Td({ ta, ff, w, style, ...rest }: ComponentPropsWithoutRef<'td'> & CellProps) {
  return <td style={cellStyle({ ta, ff, w }, style)} {...rest} />;
};
/**
 * A wide table that scrolls sideways on a narrow screen. The scrolling box takes focus, so
 * keyboard users can scroll it too (axe: scrollable-region-focusable).
 */
Table.ScrollContainer = function ScrollContainer({
  minWidth,
  children,
  label,
}: {
  minWidth: number;
  children: ReactNode;
  label?: string;
}) {
  return (
    <SideScroll minWidth={minWidth} label={label}>
      {children}
    </SideScroll>
  );
};

/**
 * A box wider content scrolls sideways in, never cut: when it does not fit, a line above it says
 * so (on a phone the columns past the edge are otherwise easy to miss). The box takes focus, so
 * the keyboard scrolls it too.
 */
export function SideScroll({
  minWidth,
  children,
  label,
}: {
  minWidth: number;
  children: ReactNode;
  label?: string | undefined;
}) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    const element = box.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const measure = () => setOverflows(element.scrollWidth > element.clientWidth + 1);
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    measure();
    return () => observer.disconnect();
  }, []);
  return (
    <div>
      {overflows && (
        <p className={classes.scrollHint} data-testid="scroll-hint">
          {t('table.scrollHint')} →
        </p>
      )}
      <div
        ref={box}
        className={classes.scroll}
        tabIndex={0}
        {...(label ? { role: 'region', 'aria-label': label } : {})}
      >
        <div style={{ minWidth }}>{children}</div>
      </div>
    </div>
  );
}
