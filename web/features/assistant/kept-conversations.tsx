import { ActionIcon, Anchor, Group, Paper, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { CONVERSATION_KEPT_DAYS, type ConversationSummary } from '../../../core/assistant.ts';
import { useTranslation } from '../../lib/translation.tsx';
import { useErrorPopup } from '../../lib/use-error-popup.ts';
import { conversationsApi } from './ask-api.ts';

/**
 * A member's kept conversations (docs/assistant.md#kept-conversations): open one to go on with it,
 * or delete it. `refresh` changes when a question was kept, so the list follows.
 */
export function KeptConversations({
  current,
  refresh,
  onOpen,
  onDeleted,
}: {
  current: string | null;
  refresh: number;
  onOpen: (id: string) => void;
  onDeleted: (id: string) => void;
}) {
  const { t } = useTranslation('assistant');
  const showError = useErrorPopup();
  const [list, setList] = useState<ConversationSummary[] | null>(null);

  useEffect(() => {
    let live = true;
    conversationsApi
      .list()
      .then((found) => live && setList(found))
      .catch(() => live && setList([]));
    return () => {
      live = false;
    };
  }, [refresh]);

  if (!list || list.length === 0) return null;
  const remove = async (id: string) => {
    try {
      await conversationsApi.delete(id);
      setList((all) => (all ?? []).filter((one) => one.id !== id));
      onDeleted(id);
    } catch (failure) {
      showError(failure);
    }
  };
  return (
    <Paper withBorder radius="md" p="sm" data-testid="assistant-kept">
      <Text size="sm" fw={600}>
        {t('page.kept')}
      </Text>
      <Text size="xs" c="gray.7" mb="xs">
        {t('page.keptHelp', { days: CONVERSATION_KEPT_DAYS })}
      </Text>
      <Stack gap={4} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {list.map((conversation) => (
          <Group key={conversation.id} component="li" justify="space-between" wrap="nowrap">
            <Anchor
              component="button"
              type="button"
              size="sm"
              fw={conversation.id === current ? 700 : 400}
              onClick={() => onOpen(conversation.id)}
              style={{ textAlign: 'start' }}
            >
              {conversation.title}
            </Anchor>
            <ActionIcon
              variant="subtle"
              color="gray"
              size="sm"
              aria-label={t('page.delete', { title: conversation.title })}
              onClick={() => void remove(conversation.id)}
            >
              ×
            </ActionIcon>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}
