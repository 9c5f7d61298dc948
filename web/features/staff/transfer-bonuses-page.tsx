import {
  Alert,
  Button,
  Group,
  Modal,
  NumberInput,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useCallback, useState } from 'react';
import { dayOf } from '../../../core/dated.ts';
import {
  NewTransferBonusSchema,
  TransferBonusConfirmSchema,
  TransferBonusTermsSchema,
} from '../../../core/guides/transfer-bonus-edits.ts';
import type { TransferBonus } from '../../../core/guides/transfers.ts';
import { PageFrame } from '../../components/page-skeleton.tsx';
import { StaffShell } from './staff-shell.tsx';
import { StaffView } from './staff-view.tsx';
import type { PageDef } from '../../lib/site-map.ts';
import { useTranslation } from '../../lib/translation.tsx';
import { useStaffData } from './use-staff-data.ts';
import { useAuth } from '../auth/index.ts';
import { AnnouncementModal } from './announcement-modal.tsx';
import { ChangesPanel } from './changes.tsx';
import { TransferRatios } from './transfer-ratios.tsx';
import {
  checkForm as check,
  numberOr,
  SourceFields,
  useSubmit,
  type Errors,
} from './edit-form.tsx';
import { staffApi } from './staff-api.ts';
import { confirmationColumns, StaffTable, type StaffColumn } from './staff-table.tsx';

type Terms = { percent: number; start: string; end: string; source: string; checked: string };

/** Percent and dates, with the source fields: the terms of a new bonus and of an edit. */
function TermsFields({
  terms,
  errors,
  onChange,
}: {
  terms: Terms;
  errors: Errors;
  onChange: (terms: Terms) => void;
}) {
  const { t } = useTranslation('staff');
  return (
    <>
      <Group grow wrap="wrap" align="start">
        <NumberInput
          label={t('bonuses.percent')}
          required
          min={1}
          max={200}
          value={terms.percent}
          error={errors.percent}
          onChange={(value) => onChange({ ...terms, percent: numberOr(value, NaN) })}
          data-testid="bonus-percent"
        />
        <TextInput
          label={t('bonuses.start')}
          required
          type="date"
          value={terms.start}
          error={errors.start}
          onChange={(event) => onChange({ ...terms, start: event.currentTarget.value })}
        />
        <TextInput
          label={t('bonuses.end')}
          required
          type="date"
          value={terms.end}
          error={errors.end}
          onChange={(event) => onChange({ ...terms, end: event.currentTarget.value })}
        />
      </Group>
      <SourceFields
        source={terms.source}
        checked={terms.checked}
        errors={errors}
        onChange={(change) => onChange({ ...terms, ...change })}
      />
    </>
  );
}

/** /admin/transfer-bonuses: every transfer bonus, to add, re-term or confirm (docs/staff.md#content). */
export function StaffTransferBonusesPage({ page }: { page: PageDef }) {
  const { t } = useTranslation('staff');
  const { member } = useAuth();
  const load = useCallback(() => staffApi.transferBonuses(), []);
  const { data, forbidden, reload } = useStaffData(load, member !== null, 'staff');
  const today = dayOf(new Date());
  const blank: Terms = { percent: 25, start: today, end: today, source: '', checked: today };
  const [adding, setAdding] = useState({ from: '', to: '', ...blank });
  const [editing, setEditing] = useState<{ bonus: TransferBonus; terms: Terms } | null>(null);
  const [confirming, setConfirming] = useState<TransferBonus | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const { busy, saved, submit, message } = useSubmit(setErrors);
  const done = () => {
    setEditing(null);
    setConfirming(null);
    reload();
  };

  const columns: StaffColumn<TransferBonus>[] = [
    {
      key: 'pair',
      title: `${t('bonuses.from')} → ${t('bonuses.to')}`,
      sortable: true,
      value: (bonus) => `${bonus.from} → ${bonus.to}`,
      render: (bonus) => `${bonus.from} → ${bonus.to}`,
    },
    {
      key: 'percent',
      title: t('bonuses.percent'),
      sortable: true,
      value: (bonus) => bonus.percent,
      render: (bonus) => `+${bonus.percent}%`,
    },
    {
      key: 'dates',
      title: `${t('bonuses.start')} – ${t('bonuses.end')}`,
      sortable: true,
      value: (bonus) => bonus.start,
      render: (bonus) => `${bonus.start} – ${bonus.end}`,
    },
    ...confirmationColumns<TransferBonus>(t),
    {
      key: 'actions',
      title: '',
      value: () => '',
      render: (bonus) => (
        <Group gap={4} wrap="nowrap">
          <Button
            size="compact-xs"
            variant="default"
            onClick={() => {
              setErrors({});
              setEditing({ bonus, terms: { ...bonus, checked: today, source: bonus.source } });
            }}
          >
            {t('bonuses.edit')}
          </Button>
          {bonus.status === 'unconfirmed' && (
            <Button
              size="compact-xs"
              onClick={() => {
                setErrors({});
                setConfirming(bonus);
              }}
              data-testid="bonus-confirm"
            >
              {t('bonuses.confirm')}
            </Button>
          )}
        </Group>
      ),
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
          {({ bonuses, partners, changes }) => (
            <Stack gap="lg">
              <StaffTable
                records={bonuses}
                columns={columns}
                words={(bonus) => `${bonus.id} ${bonus.from} ${bonus.to}`}
                idOf={(bonus) => bonus.id}
                file="transfer-bonuses"
                testId="staff-bonuses"
              />
              <Paper withBorder radius="md" p="md">
                <Title order={2} size="h4">
                  {t('bonuses.add')}
                </Title>
                <Text size="xs" c="dimmed" mb="sm">
                  {t('bonuses.newHelp')}
                </Text>
                <Stack gap="sm">
                  <Group grow wrap="wrap" align="start">
                    <Select
                      label={t('bonuses.from')}
                      required
                      searchable
                      data={partners.map((pair) => pair.from)}
                      value={adding.from || null}
                      error={errors.from}
                      onChange={(from) => setAdding({ ...adding, from: from ?? '', to: '' })}
                    />
                    <Select
                      label={t('bonuses.to')}
                      required
                      searchable
                      data={partners.find((pair) => pair.from === adding.from)?.to ?? []}
                      value={adding.to || null}
                      error={errors.to}
                      onChange={(to) => setAdding({ ...adding, to: to ?? '' })}
                    />
                  </Group>
                  {!editing && !confirming && (
                    <TermsFields
                      terms={adding}
                      errors={errors}
                      onChange={(terms) => setAdding({ ...adding, ...terms })}
                    />
                  )}
                  <Group>
                    <Button
                      loading={busy}
                      onClick={() => {
                        const bonus = check(NewTransferBonusSchema, adding, message, setErrors);
                        if (bonus)
                          void submit(async () => {
                            await staffApi.addTransferBonus(bonus);
                            setAdding({ from: '', to: '', ...blank });
                            done();
                          });
                      }}
                    >
                      {t('bonuses.add')}
                    </Button>
                    {saved && (
                      <Alert color="green" py={4}>
                        {t('saved')}
                      </Alert>
                    )}
                  </Group>
                </Stack>
              </Paper>
              <ChangesPanel changes={changes} />
              <TransferRatios signedIn={member !== null} />
            </Stack>
          )}
        </StaffView>
        <Modal
          opened={editing !== null}
          onClose={() => setEditing(null)}
          title={editing ? `${editing.bonus.from} → ${editing.bonus.to}` : ''}
          size="lg"
        >
          {editing && (
            <Stack gap="sm">
              <TermsFields
                terms={editing.terms}
                errors={errors}
                onChange={(terms) => setEditing({ ...editing, terms })}
              />
              <Group justify="flex-end">
                <Button
                  loading={busy}
                  onClick={() => {
                    const { percent, start, end, source, checked } = editing.terms;
                    const terms = check(
                      TransferBonusTermsSchema,
                      { percent, start, end, source, checked },
                      message,
                      setErrors,
                    );
                    if (terms)
                      void submit(async () => {
                        await staffApi.editTransferBonus(editing.bonus.id, terms);
                        done();
                      });
                  }}
                >
                  {t('save')}
                </Button>
              </Group>
            </Stack>
          )}
        </Modal>
        {confirming && (
          <AnnouncementModal
            key={confirming.id}
            opened
            title={t('bonuses.confirmTitle')}
            summary={`${confirming.from} → ${confirming.to} +${confirming.percent}%`}
            help={t('bonuses.confirmHelp')}
            errors={errors}
            busy={busy}
            testId="announcement"
            onClose={() => setConfirming(null)}
            confirm={(announcement) => {
              const confirm = check(
                TransferBonusConfirmSchema,
                { announcement, checked: today },
                message,
                setErrors,
              );
              if (confirm)
                void submit(async () => {
                  await staffApi.confirmTransferBonus(confirming.id, confirm);
                  done();
                });
            }}
          />
        )}
      </StaffShell>
    </PageFrame>
  );
}
