import { Box, Button } from '@mantine/core';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from '../lib/translation.tsx';
import classes from './filter-fold.module.css';

/**
 * Filters that fold behind one 'Filters (2)' button on a phone, so the first result is on the
 * first screen; from a tablet up they are always shown and the button is gone. CSS decides, so
 * the server's page and the hydrated one are the same.
 */
export function FilterFold({
  active,
  children,
  testId = 'filter-fold',
}: {
  active: number;
  children: ReactNode;
  testId?: string;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <>
      <Button
        hiddenFrom="sm"
        variant="default"
        w="fit-content"
        onClick={() => setOpen((value) => !value)}
        aria-expanded={open}
        aria-controls={id}
        data-testid={`${testId}-toggle`}
      >
        {active > 0 ? t('filters.buttonCount', { count: active }) : t('filters.button')}
      </Button>
      <Box id={id} className={classes.fold} data-open={open} data-testid={testId}>
        {children}
      </Box>
    </>
  );
}
