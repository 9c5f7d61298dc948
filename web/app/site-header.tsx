import { Anchor, Box, Burger, Container, Group, Stack } from '@mantine/core';
import { Suspense, lazy } from 'react';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from '../lib/translation.tsx';
import { Link, NavLink } from 'react-router';
import { AccountMenu } from '../features/auth/index.ts';
import { HeaderBell } from '../features/notices/index.ts';
import { useAppState } from '../lib/app-context.tsx';
import { isLinkable } from '../lib/site-map.ts';
import { HeaderSearch } from './header-search.tsx';
import { LocalePicker } from './locale-picker.tsx';
import classes from './site-header.module.css';

// The phone menu (a drawer, with Mantine's modal machinery) loads when it is first opened.
const MenuDrawer = lazy(() => import('./menu-drawer.tsx'));

interface NavItem {
  to: string;
  label: string;
}

/** The header's links, without the pages still to come (web/lib/site-map.ts#isLinkable). */
function useNavItems(): NavItem[] {
  return useAllNavItems().filter((item) => isLinkable(item.to));
}

function useAllNavItems(): NavItem[] {
  const { t } = useTranslation();
  const { variant } = useAppState();
  if (variant === 'card') {
    return [
      { to: '/cardplus/allcards', label: t('nav.cardsHome') },
      { to: '/cardplus/finder', label: t('nav.finder') },
      { to: '/cardplus/compare', label: t('nav.compare') },
      { to: '/cardplus/uscard-in-tw', label: t('nav.usCardInTw') },
      { to: '/cardplus/card-renewal-offer', label: t('nav.renewalOffers') },
      { to: '/awardplus', label: t('nav.awards') },
    ];
  }
  return [
    { to: '/awardplus', label: t('nav.awards') },
    { to: '/awardplus/scraping/alert', label: t('nav.tracking') },
    { to: '/cardplus', label: t('nav.cards') },
    { to: '/storefront', label: t('nav.storefront') },
    { to: '/rewardslib', label: t('nav.guides') },
    { to: '/share', label: t('nav.community') },
    { to: '/asktripplus', label: t('nav.assistant') },
  ];
}

function NavLinks({
  items,
  onNavigate,
  vertical,
}: {
  items: NavItem[];
  onNavigate?: () => void;
  vertical?: boolean;
}) {
  const Wrapper = vertical ? Stack : Group;
  return (
    <Wrapper gap={vertical ? 'sm' : 'md'} component="ul" className={classes.list}>
      {items.map((item) => (
        <li key={item.to}>
          <Anchor
            component={NavLink}
            to={item.to}
            end={item.to === '/cardplus' || item.to === '/awardplus'}
            className={classes.link}
            onClick={onNavigate}
          >
            {item.label}
          </Anchor>
        </li>
      ))}
    </Wrapper>
  );
}

/** The site header: brand, main navigation, and the language and currency picker. */
export function SiteHeader() {
  const { t } = useTranslation();
  const { variant } = useAppState();
  const items = useNavItems();
  const [menuOpened, menu] = useDisclosure(false);
  return (
    <Box component="header" className={classes.header} data-testid="site-header">
      <Container size="xl" h="100%">
        <Group justify="space-between" h="100%" wrap="nowrap">
          <Anchor component={Link} to="/" className={classes.brand} underline="never">
            {variant === 'card' ? t('brandCard') : t('brand')}
          </Anchor>
          {/* Inline from 1,280 px (classes.wide): narrower, the seven links wrapped under each other. */}
          <Box component="nav" aria-label={t('nav.label')} className={classes.wide}>
            <NavLinks items={items} />
          </Box>
          <Group gap="xs" wrap="nowrap">
            <HeaderSearch />
            <LocalePicker />
            <HeaderBell />
            <AccountMenu />
            {/* Always the menu's icon: the open drawer has the one close button (a second X
                here, behind the drawer's shade, read as another way out). */}
            <Burger
              opened={false}
              onClick={menu.open}
              className={classes.narrow}
              size="sm"
              aria-label={t('nav.openMenu')}
              aria-expanded={menuOpened}
            />
          </Group>
        </Group>
      </Container>
      {menuOpened && (
        <Suspense fallback={null}>
          <MenuDrawer
            title={t('brand')}
            closeLabel={t('nav.closeMenu')}
            navLabel={t('nav.label')}
            onClose={menu.close}
          >
            <NavLinks items={items} vertical onNavigate={menu.close} />
          </MenuDrawer>
        </Suspense>
      )}
    </Box>
  );
}
