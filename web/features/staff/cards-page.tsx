import { Anchor, Badge, SegmentedControl, Text } from '@mantine/core';
import { useCallback, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { StaffCardItem } from '../../../core/cards/card-edits.ts';
import { PageFrame } from '../../components/page-skeleton.tsx';
import { StaffShell } from './staff-shell.tsx';
import { StaffView } from './staff-view.tsx';
import type { PageDef } from '../../lib/site-map.ts';
import { useTranslation } from '../../lib/translation.tsx';
import { useStaffData } from './use-staff-data.ts';
import { useAuth } from '../auth/index.ts';
import { useLocalized } from './use-localized.ts';
import { staffApi } from './staff-api.ts';
import { StaffTable, type StaffColumn } from './staff-table.tsx';

/** /admin/cards: every card as stored, to find one and open it for editing (docs/staff.md#content). */
export function StaffCardsPage({ page }: { page: PageDef }) {
  const { t } = useTranslation('staff');
  const { t: cards } = useTranslation('cards');
  const localized = useLocalized();
  const navigate = useNavigate();
  const { member } = useAuth();
  const load = useCallback(() => staffApi.cards(), []);
  const { data, forbidden } = useStaffData(load, member !== null);
  const [country, setCountry] = useState('all');
  const records = useMemo(
    () => (data ?? []).filter((card) => country === 'all' || card.country === country),
    [data, country],
  );
  const columns: StaffColumn<StaffCardItem>[] = [
    {
      key: 'name',
      title: t('cards.name'),
      sortable: true,
      value: (card) => localized(card.name),
      render: (card) => (
        <Anchor component={Link} to={`/admin/cards/${card.id}`} size="sm">
          {localized(card.name)}
        </Anchor>
      ),
    },
    {
      key: 'bank',
      title: t('cards.bank'),
      sortable: true,
      value: (card) => cards(`banks.${card.bank}`),
      render: (card) => cards(`banks.${card.bank}`),
    },
    {
      key: 'country',
      title: t('cards.country'),
      value: (card) => card.country,
      render: (card) => card.country,
    },
    {
      key: 'annualFee',
      title: t('cards.annualFee'),
      sortable: true,
      value: (card) => card.annualFee,
      render: (card) => card.annualFee.toLocaleString(),
    },
    {
      key: 'offer',
      title: t('cards.offer'),
      sortable: true,
      value: (card) => card.welcomeBonus?.amount ?? 0,
      render: (card) =>
        card.welcomeBonus ? (
          <Text size="sm" span>
            {card.welcomeBonus.amount.toLocaleString()}{' '}
            {card.welcomeBonus.status === 'unconfirmed' && (
              <Badge size="xs" color="yellow" variant="light">
                {t('cards.unconfirmed')}
              </Badge>
            )}
          </Text>
        ) : (
          <Text size="sm" c="dimmed" span>
            {t('cards.none')}
          </Text>
        ),
    },
    {
      key: 'asOf',
      title: t('cards.asOf'),
      sortable: true,
      value: (card) => card.asOf,
      render: (card) => card.asOf,
    },
  ];
  return (
    <PageFrame page={page}>
      <StaffShell signedIn={member !== null}>
        <StaffView
          data={data}
          forbidden={forbidden}
          signedIn={member !== null}
          forbiddenText={t('forbidden')}
        >
          {(all) => (
            <>
              <Text size="sm" c="dimmed" mb="xs">
                {t('cards.count', { count: all.length })}
              </Text>
              <StaffTable
                records={records}
                columns={columns}
                words={(card) =>
                  `${card.id} ${card.name.en} ${card.name['zh-Hant']} ${card.name['zh-Hans']}`
                }
                idOf={(card) => card.id}
                onOpen={(card) => void navigate(`/admin/cards/${card.id}`)}
                file="cards"
                testId="staff-cards"
                filters={
                  <SegmentedControl
                    size="sm"
                    value={country}
                    onChange={setCountry}
                    data={[
                      { value: 'all', label: t('all') },
                      { value: 'US', label: 'US' },
                      { value: 'TW', label: 'TW' },
                    ]}
                    aria-label={t('cards.country')}
                  />
                }
              />
            </>
          )}
        </StaffView>
      </StaffShell>
    </PageFrame>
  );
}
