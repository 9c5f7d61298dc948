import { Badge, Button, Grid, Group, NavLink, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from '../../lib/translation.tsx';
import { useStaffConsole } from './use-staff-console.ts';

type StaffRole = 'editor' | 'support' | 'admin';

/**
 * The staff console's areas in its menu, with the role each needs (as the API's areas in
 * core/staff.ts do; the server checks, this only leaves out what would be refused). Null: any
 * staff role.
 */
const AREAS: readonly { path: string; key: string; role: StaffRole | null }[] = [
  { path: '/admin', key: 'home', role: null },
  { path: '/admin/cards', key: 'cards', role: 'editor' },
  { path: '/admin/transfer-bonuses', key: 'transferBonuses', role: 'editor' },
  { path: '/admin/programmes', key: 'programmes', role: 'editor' },
  { path: '/admin/award-charts', key: 'awardCharts', role: 'editor' },
  { path: '/admin/campaigns', key: 'campaigns', role: 'editor' },
  { path: '/admin/newsletter', key: 'newsletter', role: 'editor' },
  { path: '/admin/storefront', key: 'storefront', role: 'support' },
  { path: '/admin/shop', key: 'shop', role: 'support' },
  { path: '/admin/affiliates', key: 'affiliates', role: 'support' },
  { path: '/admin/members', key: 'members', role: 'support' },
  { path: '/admin/shares', key: 'shares', role: 'support' },
  { path: '/admin/feedback', key: 'feedback', role: 'support' },
  { path: '/admin/settings', key: 'settings', role: 'admin' },
  { path: '/admin/audit', key: 'audit', role: 'admin' },
];

/**
 * The frame of every staff console page (docs/staff.md#console): the menu of the areas the
 * member's role may open beside the page's own content. The menu waits for the role; the page's
 * content does its own loading.
 */
export function StaffShell({ signedIn, children }: { signedIn: boolean; children: ReactNode }) {
  const { t } = useTranslation('staff');
  const { pathname } = useLocation();
  const { console: frame } = useStaffConsole(signedIn);
  const role = frame?.role;
  const areas = role
    ? AREAS.filter((area) => !area.role || role === 'admin' || role === area.role)
    : [];
  const current = (path: string) =>
    path === '/admin' ? pathname === '/admin' : pathname.startsWith(path);
  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 3 }}>
        <Paper withBorder radius="md" p="xs" component="nav" aria-label={t('console.label')}>
          {role && (
            <Text size="xs" c="dimmed" px="sm" py={4}>
              {t('console.label')}{' '}
              <Badge size="xs" variant="light">
                {t(`console.roles.${role}`)}
              </Badge>
            </Text>
          )}
          {/* A column beside the page on a wide screen; a few rows of short links on a phone. */}
          <Stack gap={2} data-testid="staff-menu" visibleFrom="md">
            {areas.map((area) => (
              <NavLink
                key={area.path}
                component={Link}
                to={area.path}
                label={t(`console.${area.key}`)}
                active={current(area.path)}
                aria-current={current(area.path) ? 'page' : undefined}
              />
            ))}
          </Stack>
          <Group gap={4} hiddenFrom="md" px={4} pb={4}>
            {areas.map((area) => (
              <Button
                key={area.path}
                component={Link}
                to={area.path}
                size="compact-sm"
                variant={current(area.path) ? 'light' : 'subtle'}
                aria-current={current(area.path) ? 'page' : undefined}
              >
                {t(`console.${area.key}`)}
              </Button>
            ))}
          </Group>
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 9 }}>{children}</Grid.Col>
    </Grid>
  );
}
