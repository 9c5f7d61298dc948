import { Box, Overlay, Stack, Text } from '@mantine/core';
import { useTranslation } from '../lib/translation.tsx';
import { LIMITS } from '../../core/limits.ts';
import classes from './progress-loader.module.css';

const PLANE_WIDTH_PX = 28;

/** Plane offset for a percentage, kept inside the 320 px track of docs/product/messages.md#loader. */
export function planeOffsetPx(percent: number): number {
  const clamped = Math.min(100, Math.max(0, percent));
  return Math.round((clamped / 100) * (LIMITS.loaderPlaneRangePx - PLANE_WIDTH_PX));
}

function Plane() {
  return (
    <svg
      width={PLANE_WIDTH_PX}
      height={PLANE_WIDTH_PX}
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
    >
      <path
        fill="currentColor"
        d="M21 16v-2l-8-5V3.5a1.5 1.5 0 0 0-3 0V9l-8 5v2l8-2.5V19l-2 1.5V22l3.5-1 3.5 1v-1.5L13 19v-5.5z"
        transform="rotate(90 12 12)"
      />
    </svg>
  );
}

/**
 * The loader (docs/product/messages.md#loader): status text, an optional percentage, and a plane
 * moving along a 320 px track — to the percentage when there is one, back and forth when there is
 * not.
 */
export function ProgressLoader({ status, percent }: { status?: string; percent?: number }) {
  const { t } = useTranslation();
  const known = typeof percent === 'number' && Number.isFinite(percent);
  return (
    <Stack align="center" gap="xs" role="status" aria-live="polite" data-testid="progress-loader">
      <Box className={classes.track} style={{ width: LIMITS.loaderPlaneRangePx }}>
        <Box
          className={known ? classes.plane : `${classes.plane} ${classes.flying}`}
          style={known ? { transform: `translateX(${planeOffsetPx(percent)}px)` } : undefined}
          data-testid="loader-plane"
        >
          <Plane />
        </Box>
      </Box>
      <Text size="sm">{status ?? t('loader.loading')}</Text>
      {known && (
        <Text size="xs" c="gray.7">
          {t('loader.percent', { percent: Math.round(percent) })}
        </Text>
      )}
    </Stack>
  );
}

/** Full-screen "processing" loader shown while a call is under way. */
export function ProcessingOverlay({ visible, status }: { visible: boolean; status?: string }) {
  const { t } = useTranslation();
  if (!visible) return null;
  return (
    <Overlay fixed backgroundOpacity={0.85} color="#fff" zIndex={400} center>
      <ProgressLoader status={status ?? t('loader.processing')} />
    </Overlay>
  );
}
