import { createTheme, type CSSVariablesResolver } from '@mantine/core';

/**
 * Darker shades than Mantine's defaults so that text and buttons meet WCAG AA contrast;
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

/**
 * Mantine draws quiet text (input descriptions, divider labels, `c="dimmed"`) in gray.6, which
 * is below AA contrast on white; gray.7 passes.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' },
  dark: {},
});
