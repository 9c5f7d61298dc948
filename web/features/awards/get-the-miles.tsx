import { Anchor, Group, List, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { localize } from '../../../core/cards/card.ts';
import type { TransferPartnerRow } from '../../../core/guides/transfers.ts';
import { useAppState } from '../../lib/app-context.tsx';
import { apiGet } from '../../lib/api-client.ts';
import { useTranslation } from '../../lib/translation.tsx';
import { formatNumber } from './format.ts';

/** How many transfer partners a result lists before pointing to the guide for the rest. */
const SHOWN_PARTNERS = 5;

// One answer per programme for the whole visit: every result card of a search asks the same.
const asked = new Map<string, Promise<TransferPartnerRow[]>>();

function partnersOf(programme: string): Promise<TransferPartnerRow[]> {
  let answer = asked.get(programme);
  if (!answer) {
    answer = apiGet<{ partners: TransferPartnerRow[] }>(
      `/api/transfer-partners?to=${encodeURIComponent(programme)}`,
    ).then((result) => result.partners);
    // A failed answer is asked again next time.
    answer.catch(() => asked.delete(programme));
    asked.set(programme, answer);
  }
  return answer;
}

/**
 * Where a programme's miles come from (docs/first-use.md#from-a-result-to-a-booking): the points
 * that transfer to it, with ratio and how long the transfer takes (from the guides' data), and
 * its guide for the rest.
 */
function ProgrammeSources({ programme, name }: { programme: string; name: string }) {
  const { t } = useTranslation('awards');
  const { language } = useAppState();
  const [partners, setPartners] = useState<TransferPartnerRow[] | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    partnersOf(programme).then(
      (rows) => live && setPartners(rows),
      () => live && setPartners(null),
    );
    return () => {
      live = false;
    };
  }, [programme]);
  const ratio = (row: TransferPartnerRow) => {
    const current = row.bonus?.ratio ?? row.ratio;
    return `${formatNumber(current.from, language)} : ${formatNumber(current.to, language)}`;
  };
  return (
    <Stack gap={4} data-testid="get-miles-programme" data-programme={programme}>
      <Group gap="xs" justify="space-between" wrap="wrap">
        <Text fw={600} size="sm">
          {name}
        </Text>
        <Anchor
          component={Link}
          to={`/rewardslib/${programme}`}
          size="sm"
          data-testid="get-miles-guide"
        >
          {t('getMiles.guide', { programme: name })}
        </Anchor>
      </Group>
      {partners === undefined && <Loader size="xs" />}
      {partners === null && (
        <Text size="sm" c="red.8">
          {t('getMiles.failed')}
        </Text>
      )}
      {partners && partners.length === 0 && <Text size="sm">{t('getMiles.noTransfers')}</Text>}
      {partners && partners.length > 0 && (
        <>
          <Text size="sm">{t('getMiles.transferFrom')}</Text>
          <List size="sm" spacing={2}>
            {partners.slice(0, SHOWN_PARTNERS).map((row) => (
              <List.Item key={row.from.id} data-testid="get-miles-partner">
                {localize(row.from.name, language)} · <b>{ratio(row)}</b> ·{' '}
                {t(`getMiles.time.${row.time}`)}
                {row.bonus &&
                  ` · ${t(row.bonus.status === 'confirmed' ? 'getMiles.bonus' : 'getMiles.bonusUnconfirmed', { percent: row.bonus.percent })}`}
              </List.Item>
            ))}
          </List>
          {partners.length > SHOWN_PARTNERS && (
            <Anchor component={Link} to={`/awardplus/transferpartner?to=${programme}`} size="sm">
              {t('getMiles.allPartners', { count: partners.length })}
            </Anchor>
          )}
        </>
      )}
    </Stack>
  );
}

/** The "How to get the miles" part of a result: every programme that books it. */
export function GetTheMiles({ programmes }: { programmes: { id: string; name: string }[] }) {
  const { t } = useTranslation('awards');
  return (
    <Stack gap="sm" data-testid="get-miles">
      {programmes.map((programme) => (
        <ProgrammeSources key={programme.id} programme={programme.id} name={programme.name} />
      ))}
      <Text size="xs" c="gray.7">
        {t('getMiles.note')}
      </Text>
    </Stack>
  );
}
