import { Button } from '@mantine/core';
import { useTranslation } from '../lib/translation.tsx';
import { StatusScreen } from './status-screen.tsx';

/** Shown when a page's code could not be loaded (docs/product/messages.md#page-load-failures); retry reloads the page. */
export function ChunkErrorScreen({
  kind,
  onRetry,
}: {
  kind: 'missing' | 'timeout';
  onRetry?: () => void;
}) {
  const { t } = useTranslation();
  return (
    <StatusScreen
      testId="chunk-error"
      title={t('chunkError.title')}
      body={t(kind === 'timeout' ? 'chunkError.timeout' : 'chunkError.missing')}
      actions={
        <>
          <Button onClick={onRetry ?? (() => window.location.reload())}>
            {t('chunkError.retry')}
          </Button>
          <Button component="a" href="/" variant="default">
            {t('chunkError.home')}
          </Button>
        </>
      }
    />
  );
}
