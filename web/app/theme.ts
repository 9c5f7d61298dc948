import { createTheme } from '@mantine/core';

/**
 * Darker shades than Mantine's defaults so that text and buttons meet WCAG AA contrast (use
 * gray.7 for quiet text: Mantine's "dimmed" grey is below AA on white);
 * CJK fonts of each platform follow the Latin ones.
 */
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: 8,
  focusRing: 'auto',
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "PingFang TC", "PingFang SC", "Hiragino Sans", "Microsoft JhengHei", "Microsoft YaHei", "Noto Sans CJK TC", "Noto Sans CJK SC", sans-serif',
  headings: { fontWeight: '700' },
});
