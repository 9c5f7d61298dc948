import { Text } from '@mantine/core';
import { useTranslation } from '../lib/translation.tsx';

/**
 * The strip a demonstration site shows above every page (the DEMO_MODE setting,
 * docs/operations.md#demo-mode): payments there are simulated, so nobody may think their money
 * or their card was taken.
 */
export function DemoNotice() {
  const { t } = useTranslation();
  return (
    <Text
      component="p"
      role="note"
      data-testid="demo-notice"
      size="sm"
      fw={600}
      ta="center"
      px="md"
      py={4}
      m={0}
      style={{ background: 'var(--mantine-color-yellow-2)', color: 'var(--mantine-color-dark-9)' }}
    >
      {t('demo.notice')}
    </Text>
  );
}
