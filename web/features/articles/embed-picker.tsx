import { Button, Group, Modal, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { EmbedKind } from '../../../core/articles/document.ts';
import type { Card } from '../../../core/cards/card.ts';
import { localize } from '../../../core/cards/card.ts';
import type { LibraryEntry } from '../../../core/guides/contract.ts';
import { useAppState } from '../../lib/app-context.tsx';
import { apiGet } from '../../lib/api-client.ts';
import { useTranslation } from '../../lib/translation.tsx';

interface Choice {
  value: string;
  label: string;
}

/** Cards and programmes to embed, asked once per visit to the editor. */
function useChoices(kind: EmbedKind, open: boolean): Choice[] | null {
  const { language } = useAppState();
  const [choices, setChoices] = useState<Partial<Record<EmbedKind, Choice[]>>>({});
  useEffect(() => {
    if (!open || choices[kind]) return;
    let live = true;
    const load =
      kind === 'card'
        ? apiGet<{ cards: Card[] }>('/api/cards').then((answer) =>
            answer.cards.map((card) => ({ value: card.id, label: localize(card.name, language) })),
          )
        : Promise.all([
            apiGet<{ programmes: LibraryEntry[] }>('/api/guides?kind=airline'),
            apiGet<{ programmes: LibraryEntry[] }>('/api/guides?kind=hotel'),
          ]).then((answers) =>
            answers
              .flatMap((answer) => answer.programmes)
              .map((entry) => ({ value: entry.id, label: localize(entry.name, language) })),
          );
    load.then(
      (loaded) => live && setChoices((current) => ({ ...current, [kind]: loaded })),
      () => live && setChoices((current) => ({ ...current, [kind]: [] })),
    );
    return () => {
      live = false;
    };
  }, [kind, open, choices, language]);
  return choices[kind] ?? null;
}

/** Picks a card or a programme to embed; the article shows its data as it is when read. */
export function EmbedPicker({
  opened,
  onClose,
  onPick,
}: {
  opened: boolean;
  onClose: () => void;
  onPick: (embed: { kind: EmbedKind; id: string; label: string }) => void;
}) {
  const { t } = useTranslation('articles');
  const [kind, setKind] = useState<EmbedKind>('card');
  const [id, setId] = useState<string | null>(null);
  const choices = useChoices(kind, opened);
  const chosen = choices?.find((choice) => choice.value === id);
  return (
    <Modal opened={opened} onClose={onClose} title={t('embed.pickTitle')} size="md">
      <Stack gap="md">
        <Text size="sm">{t('embed.pickLead')}</Text>
        <SegmentedControl
          value={kind}
          onChange={(value) => {
            setKind(value as EmbedKind);
            setId(null);
          }}
          data={[
            { value: 'card', label: t('embed.card') },
            { value: 'programme', label: t('embed.programme') },
          ]}
        />
        <Select
          label={kind === 'card' ? t('embed.pickCard') : t('embed.pickProgramme')}
          searchable
          data={choices ?? []}
          value={id}
          onChange={setId}
          nothingFoundMessage={choices ? t('embed.noneFound') : t('embed.loading')}
          data-testid="embed-choice"
          comboboxProps={{ withinPortal: true }}
        />
        <Group justify="flex-end">
          <Button variant="subtle" onClick={onClose}>
            {t('common:popup.cancel')}
          </Button>
          <Button
            disabled={!chosen}
            onClick={() => {
              if (!chosen) return;
              onPick({ kind, id: chosen.value, label: chosen.label });
              setId(null);
            }}
            data-testid="embed-insert"
          >
            {t('embed.insert')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
