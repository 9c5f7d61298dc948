import { Anchor, Box, Group, Text } from '@mantine/core';
import { useTranslation } from '../lib/translation.tsx';
import { Link } from 'react-router';
import { sectionMenuOf, type PageDef } from '../lib/site-map.ts';
import classes from './section-nav.module.css';

/**
 * Where a page sits and where its section leads: breadcrumbs (home › section › page) and the
 * section's menu of 4–6 pages, the current one marked. A page outside every section gets only its
 * breadcrumb home.
 */
export function SectionNav({ page, current }: { page: PageDef; current?: string }) {
  const { t } = useTranslation();
  const menu = sectionMenuOf(page);
  const sectionHome = menu[0];
  // Menu names live in the common strings: a page loads only its own area's page strings.
  const name = (id: string) => t(`pageNames.${id}`);
  const trail = [
    { path: '/', label: t('breadcrumbs.home') },
    ...(sectionHome && sectionHome.id !== page.id
      ? [{ path: sectionHome.path, label: name(sectionHome.id) }]
      : []),
  ];
  const here = current ?? t(`pages:${page.id}.title`);
  return (
    <Box mb="md" data-testid="section-nav">
      <Box component="nav" aria-label={t('breadcrumbs.label')}>
        <Group component="ol" gap={6} className={classes.trail} wrap="wrap">
          {trail.map((step) => (
            <li key={step.path}>
              <Anchor component={Link} to={step.path} size="sm">
                {step.label}
              </Anchor>
              <span aria-hidden="true" className={classes.separator}>
                ›
              </span>
            </li>
          ))}
          <li aria-current="page">
            <Text span size="sm" c="gray.7">
              {here}
            </Text>
          </li>
        </Group>
      </Box>
      {menu.length > 1 && (
        <Box
          component="nav"
          aria-label={t('sectionMenu', { section: sectionHome ? name(sectionHome.id) : '' })}
          className={classes.menu}
          data-testid="section-menu"
        >
          <Group component="ul" gap={4} wrap="nowrap" className={classes.list}>
            {menu.map((item) => (
              <li key={item.id}>
                <Anchor
                  component={Link}
                  to={item.path}
                  className={classes.item}
                  data-active={item.id === page.id || undefined}
                  aria-current={item.id === page.id ? 'page' : undefined}
                  underline="never"
                >
                  {name(item.id)}
                </Anchor>
              </li>
            ))}
          </Group>
        </Box>
      )}
    </Box>
  );
}
