import { Box, Drawer } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './site-header.module.css';

/** The site navigation in a drawer, for phones. */
export default function MenuDrawer({
  title,
  closeLabel,
  navLabel,
  onClose,
  children,
}: {
  title: string;
  closeLabel: string;
  navLabel: string;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Drawer
      opened
      onClose={onClose}
      title={title}
      className={classes.narrow}
      size="xs"
      closeButtonProps={{ 'aria-label': closeLabel }}
    >
      <Box component="nav" aria-label={navLabel}>
        {children}
      </Box>
    </Drawer>
  );
}
