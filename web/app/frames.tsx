import { Anchor, Box, Container, Group, Text } from '@mantine/core';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from '../lib/translation.tsx';
import { Link, NavLink } from 'react-router';
import { AccountMenu } from '../features/auth/index.ts';
import { LocalePicker } from './locale-picker.tsx';
import { memberPages } from '../lib/site-map.ts';
import { safeReturnPath } from '../../core/return-path.ts';

const LAST_PAGE_KEY = 'lastNonProfilePage';

/** Remembers the last page outside the profile area, where the profile's back link leads. */
export function rememberNonProfilePage(path: string): void {
  sessionStorage.setItem(LAST_PAGE_KEY, path);
}

/**
 * Where the back link leads; '/' on the server and until the browser has read what this tab saw.
 * A visited address such as `//evil.example` has a pathname a link would read as another host.
 */
function useLastNonProfilePage(): string {
  const [path, setPath] = useState('/');
  useEffect(() => setPath(safeReturnPath(sessionStorage.getItem(LAST_PAGE_KEY))), []);
  return path;
}

/** The profile area's frame: a back link to the previous non-profile page and the account menu. */
export function ProfileFrame({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const back = useLastNonProfilePage();
  const links = memberPages().map((page) => ({
    to: page.path,
    label: t(`profile.pages.${page.id}`),
  }));
  return (
    <>
      <Box
        component="header"
        py="sm"
        style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
        data-testid="profile-bar"
      >
        <Container size="lg">
          <Group justify="space-between" wrap="nowrap">
            <Anchor component={Link} to={back} data-testid="profile-back" fw={600}>
              ← {t('profile.back')}
            </Anchor>
            <Group gap="xs" wrap="nowrap">
              <LocalePicker />
              <AccountMenu />
            </Group>
          </Group>
          <Box component="nav" aria-label={t('profile.menu')} mt="xs">
            {/* One line that scrolls sideways on a phone, like the sections' menus. */}
            <Group
              gap="md"
              component="ul"
              wrap="nowrap"
              style={{ listStyle: 'none', margin: 0, padding: '0 0 4px', overflowX: 'auto' }}
            >
              {links.map((link) => (
                <li key={link.to} style={{ whiteSpace: 'nowrap' }}>
                  <Anchor component={NavLink} to={link.to} end size="sm">
                    {link.label}
                  </Anchor>
                </li>
              ))}
            </Group>
          </Box>
        </Container>
      </Box>
      {children}
    </>
  );
}

/** The checkout flows' slim bar: brand, a reassurance, and a way out. No site navigation. */
export function CheckoutBar({ leaveTo }: { leaveTo: string }) {
  const { t } = useTranslation();
  return (
    <Box
      component="header"
      py="sm"
      style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
      data-testid="checkout-bar"
    >
      <Container size="lg">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Text fw={800} c="blue.9">
              {t('brand')}
            </Text>
            <Text size="sm" c="gray.8">
              🔒 {t('checkout.secure')}
            </Text>
          </Group>
          <Anchor component={Link} to={leaveTo} size="sm">
            {t('checkout.leave')}
          </Anchor>
        </Group>
      </Container>
    </Box>
  );
}
