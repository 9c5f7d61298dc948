import { Anchor, Box, Container, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from '../lib/translation.tsx';
import { Link, useLocation } from 'react-router';
import { LIMITS } from '../../core/limits.ts';
import { useAppState } from '../lib/app-context.tsx';
import { isLinkable } from '../lib/site-map.ts';

function FooterLinks({ links }: { links: { to: string; label: string }[] }) {
  const { t } = useTranslation();
  const location = useLocation();
  // The feedback form knows which page it was opened from (docs/feedback.md); `?lang=` is left
  // out, as the browser drops it from the address before hydrating (ADR 007).
  const search = new URLSearchParams(location.search);
  search.delete('lang');
  const from = search.size ? `${location.pathname}?${search.toString()}` : location.pathname;
  const feedback = `/feedback?${new URLSearchParams({ from }).toString()}`;
  return (
    <Group gap="md" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {links
        .filter((link) => isLinkable(link.to))
        .map((link) => (
          <li key={link.to}>
            <Anchor component={Link} to={link.to} size="sm" c="gray.8">
              {link.label}
            </Anchor>
          </li>
        ))}
      <li>
        <Anchor component={Link} to={feedback} size="sm" c="gray.8" data-testid="footer-feedback">
          {t('footer.feedback')}
        </Anchor>
      </li>
    </Group>
  );
}

function FooterShell({ testId, children }: { testId: string; children: React.ReactNode }) {
  return (
    <Box
      component="footer"
      data-testid={testId}
      bg="gray.0"
      py="xl"
      mt="xl"
      style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
    >
      <Container size="xl">
        <Stack gap="sm">{children}</Stack>
      </Container>
    </Box>
  );
}

/** The site footer on most pages. */
export function SiteFooter() {
  const { t } = useTranslation();
  const { config } = useAppState();
  return (
    <FooterShell testId="site-footer">
      <FooterLinks
        links={[
          { to: '/aboutus', label: t('footer.about') },
          { to: '/faq', label: t('footer.faq') },
          { to: '/tos', label: t('footer.terms') },
          { to: '/privacy', label: t('footer.privacy') },
          { to: '/support-tripplus', label: t('footer.sponsor') },
          { to: '/affiliator', label: t('footer.affiliate') },
          { to: '/edm', label: t('footer.newsletter') },
          { to: '/enterprise', label: t('footer.enterprise') },
        ]}
      />
      <Text size="sm" c="gray.8">
        {t('footer.contact', { email: config.supportEmail })}
      </Text>
      <Text size="xs" c="gray.8">
        {t('footer.copyright', { year: new Date().getFullYear() })}
        {config.version && (
          <>
            {' · '}
            <span data-testid="build-version">
              {t('footer.version', { version: config.version })}
            </span>
          </>
        )}
      </Text>
    </FooterShell>
  );
}

/** The storefront's own footer: its terms, FAQ and the crediting note (docs/product/storefront.md#crediting). */
export function StorefrontFooter() {
  const { t } = useTranslation();
  const { config } = useAppState();
  return (
    <FooterShell testId="storefront-footer">
      <FooterLinks
        links={[
          { to: '/storefront/home', label: t('footer.storefrontHome') },
          { to: '/storefront/tos', label: t('footer.storefrontTerms') },
          { to: '/storefront/faq', label: t('footer.storefrontFaq') },
          { to: '/privacy', label: t('footer.privacy') },
        ]}
      />
      <Text size="sm" c="gray.8">
        {t('footer.storefrontNote', { hours: LIMITS.crediting.firstPurchaseDelayHours })}
      </Text>
      <Text size="sm" c="gray.8">
        {t('footer.contact', { email: config.supportEmail })}
      </Text>
    </FooterShell>
  );
}
