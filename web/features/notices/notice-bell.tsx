import { Box, Button, Group, Indicator, Popover, Stack, Text, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { INTL_LOCALES, type Language } from '../../../core/locale.ts';
import { useTranslation } from '../../lib/translation.tsx';
import classes from './notice-bell.module.css';
import { noticeText } from './notice-text.ts';
import { useNotices } from './use-notices.ts';

function BellIcon() {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M6 17V11a6 6 0 1 1 12 0v6l1.5 2h-15L6 17Z"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      />
      <path d="M10 21a2 2 0 0 0 4 0" fill="none" stroke="currentColor" strokeWidth="2" />
    </svg>
  );
}

/** The header's bell (docs/notices.md#the-bell): the unread count, and the newest notices under it. */
export default function NoticeBell() {
  const { t, i18n } = useTranslation();
  const state = useNotices();
  const [opened, setOpened] = useState(false);
  const locale = INTL_LOCALES[i18n.language as Language] ?? 'en-US';
  const when = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  const day = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
  const formatDate = (iso: string) => day.format(new Date(iso));
  const number = new Intl.NumberFormat(locale);
  const label = state.unread > 0 ? t('bell.labelUnread', { count: state.unread }) : t('bell.label');
  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom-end"
      width={340}
      shadow="md"
      withinPortal
      trapFocus
    >
      <Popover.Target>
        <UnstyledButton
          className={classes.bell}
          aria-label={label}
          aria-expanded={opened}
          onClick={() => setOpened((open) => !open)}
          data-testid="notice-bell"
          data-live={state.live ? 'true' : undefined}
        >
          <Indicator
            disabled={state.unread === 0}
            label={state.unread > 99 ? '99+' : state.unread}
            size={18}
            color="red"
            offset={3}
            data-testid="notice-count"
          >
            <BellIcon />
          </Indicator>
        </UnstyledButton>
      </Popover.Target>
      <Popover.Dropdown p={0} data-testid="notice-list">
        <Group justify="space-between" px="sm" py="xs" className={classes.head}>
          <Text fw={700} size="sm" component="h2" m={0}>
            {t('bell.title')}
          </Text>
          {state.unread > 0 && (
            <Button size="compact-xs" variant="subtle" onClick={() => void state.markAllRead()}>
              {t('bell.markAllRead')}
            </Button>
          )}
        </Group>
        {state.failed ? (
          <Text size="sm" p="sm" c="red.8" role="alert">
            {t('bell.loadFailed')}
          </Text>
        ) : state.notices.length === 0 ? (
          <Text size="sm" p="sm" c="dimmed">
            {state.loaded ? t('bell.empty') : t('bell.loading')}
          </Text>
        ) : (
          <Stack component="ul" gap={0} className={classes.list}>
            {state.notices.map((notice) => {
              const text = noticeText(notice, t, formatDate, (value) => number.format(value));
              return (
                <li key={notice.id}>
                  <Box
                    component={Link}
                    to={text.to}
                    className={classes.item}
                    data-unread={notice.read ? undefined : 'true'}
                    onClick={() => {
                      setOpened(false);
                      if (!notice.read) void state.markRead(notice.id);
                    }}
                  >
                    <Text size="sm" fw={notice.read ? 400 : 700}>
                      {!notice.read && (
                        <span className={classes.visuallyHidden}>{t('bell.unread')} </span>
                      )}
                      {text.title}
                    </Text>
                    {text.detail && (
                      <Text size="xs" c="dimmed">
                        {text.detail}
                      </Text>
                    )}
                    <Text size="xs" c="dimmed" component="time" dateTime={notice.createdAt}>
                      {when.format(new Date(notice.createdAt))}
                    </Text>
                  </Box>
                </li>
              );
            })}
          </Stack>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
