import { Alert, Button, Group, Modal, Paper, Select, Stack, Text } from '@mantine/core';
import { useCallback, useState } from 'react';
import { dayOf } from '../../../core/dated.ts';
import type { ProgrammeSaleDetail } from '../../../core/storefront/api-schemas.ts';
import {
  CampaignConfirmSchema,
  CampaignPreviewSchema,
  CampaignTermsSchema,
  NewCampaignSchema,
} from '../../../core/storefront/campaign-edits.ts';
import type { StorefrontCampaign } from '../../../core/storefront/catalogue-schema.ts';
import { PageFrame } from '../../components/page-skeleton.tsx';
import type { PageDef } from '../../lib/site-map.ts';
import { useTranslation } from '../../lib/translation.tsx';
import { useAuth } from '../auth/index.ts';
import { useStorefrontFormat } from '../storefront/index.ts';
import {
  blankDraft,
  CampaignFields,
  draftOf,
  offsetIn,
  termsOf,
  type CampaignDraft,
} from './campaign-form.tsx';
import { AnnouncementModal } from './announcement-modal.tsx';
import { BasePrices } from './base-prices.tsx';
import { SalePreview } from './campaign-preview.tsx';
import { ChangesPanel } from './changes.tsx';
import { checkForm, useSubmit, type Errors } from './edit-form.tsx';
import { staffApi } from './staff-api.ts';
import { StaffShell } from './staff-shell.tsx';
import { confirmationColumns, StaffTable, type StaffColumn } from './staff-table.tsx';
import { StaffView } from './staff-view.tsx';
import { useLocalized } from './use-localized.ts';
import { useStaffData } from './use-staff-data.ts';

/**
 * /admin/campaigns: the storefront's sale campaigns, to add, re-term, preview and confirm with
 * their announcement (docs/staff.md#content).
 */
export function StaffCampaignsPage({ page }: { page: PageDef }) {
  const { t } = useTranslation('staff');
  const format = useStorefrontFormat();
  const localized = useLocalized();
  const { member } = useAuth();
  const load = useCallback(() => staffApi.campaigns(), []);
  const { data, forbidden, reload } = useStaffData(load, member !== null, 'staff');
  const today = dayOf(new Date());
  // One form: a new campaign (id null) or the terms of a stored one.
  const [form, setForm] = useState<{
    id: string | null;
    programme: string;
    draft: CampaignDraft;
  } | null>(null);
  const [confirming, setConfirming] = useState<StorefrontCampaign | null>(null);
  const [preview, setPreview] = useState<ProgrammeSaleDetail | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const { busy, saved, submit, message } = useSubmit(setErrors);
  const done = () => {
    setForm(null);
    setConfirming(null);
    reload();
  };
  const zoneOf = (programme: string) =>
    data?.programmes.find((row) => row.id === programme)?.timeZone ?? 'UTC';
  const nameOf = (programme: string) => {
    const found = data?.programmes.find((row) => row.id === programme);
    return found ? localized(found.name) : programme;
  };

  const columns: StaffColumn<StorefrontCampaign>[] = [
    {
      key: 'programme',
      title: t('campaigns.programme'),
      sortable: true,
      value: (campaign) => nameOf(campaign.programme),
      render: (campaign) => nameOf(campaign.programme),
    },
    {
      key: 'dates',
      title: `${t('campaigns.start')} – ${t('campaigns.end')}`,
      sortable: true,
      value: (campaign) => campaign.start,
      render: (campaign) =>
        `${campaign.start.slice(0, 16).replace('T', ' ')} – ${campaign.end.slice(0, 16).replace('T', ' ')}`,
    },
    {
      key: 'offer',
      title: t('campaigns.offer'),
      value: (campaign) => format.offer(campaign),
      render: (campaign) => format.offer(campaign),
    },
    ...confirmationColumns<StorefrontCampaign>(t),
    {
      key: 'actions',
      title: '',
      value: () => '',
      render: (campaign) => (
        <Group gap={4} wrap="nowrap">
          <Button
            size="compact-xs"
            variant="default"
            onClick={() => {
              setErrors({});
              setPreview(null);
              setForm({
                id: campaign.id,
                programme: campaign.programme,
                draft: draftOf(campaign, today),
              });
            }}
          >
            {t('bonuses.edit')}
          </Button>
          {campaign.status === 'unconfirmed' && (
            <Button
              size="compact-xs"
              onClick={() => {
                setErrors({});
                setConfirming(campaign);
              }}
              data-testid="campaign-confirm"
            >
              {t('bonuses.confirm')}
            </Button>
          )}
        </Group>
      ),
    },
  ];

  const save = () => {
    if (!form) return;
    const terms = termsOf(form.draft);
    if (form.id === null) {
      const campaign = checkForm(
        NewCampaignSchema,
        { programme: form.programme, ...terms },
        message,
        setErrors,
      );
      if (campaign)
        void submit(async () => {
          await staffApi.addCampaign(campaign);
          done();
        });
    } else {
      const id = form.id;
      const checked = checkForm(CampaignTermsSchema, terms, message, setErrors);
      if (checked)
        void submit(async () => {
          await staffApi.editCampaign(id, checked);
          done();
        });
    }
  };
  const showPreview = () => {
    if (!form) return;
    const draft = checkForm(
      CampaignPreviewSchema,
      {
        programme: form.programme,
        ...termsOf(form.draft),
        ...(form.id ? { replaces: form.id } : {}),
      },
      message,
      setErrors,
    );
    if (draft)
      void submit(async () => {
        setPreview((await staffApi.previewCampaign(draft)).programme);
      });
  };

  return (
    <PageFrame page={page}>
      <StaffShell signedIn={member !== null}>
        <StaffView
          data={data}
          forbidden={forbidden}
          signedIn={member !== null}
          forbiddenText={t('forbidden')}
        >
          {({ campaigns, programmes, changes }) => (
            <Stack gap="lg">
              <Group justify="space-between">
                <Text size="sm" c="dimmed" maw={640}>
                  {t('campaigns.help')}
                </Text>
                <Button
                  onClick={() => {
                    const programme = programmes[0]?.id ?? '';
                    setErrors({});
                    setPreview(null);
                    setForm({
                      id: null,
                      programme,
                      draft: blankDraft(today, offsetIn(zoneOf(programme), `${today}T00:00`)),
                    });
                  }}
                  data-testid="campaign-add"
                >
                  {t('campaigns.add')}
                </Button>
              </Group>
              <StaffTable
                records={campaigns}
                columns={columns}
                words={(campaign) => `${campaign.id} ${nameOf(campaign.programme)}`}
                idOf={(campaign) => campaign.id}
                file="campaigns"
                testId="staff-campaigns"
              />
              <ChangesPanel changes={changes} />
              <BasePrices signedIn={member !== null} />
            </Stack>
          )}
        </StaffView>
        <Modal
          opened={form !== null}
          onClose={() => setForm(null)}
          title={form?.id ? `${nameOf(form.programme)} · ${form.id}` : t('campaigns.add')}
          size="xl"
        >
          {form && (
            <Stack gap="sm">
              {form.id === null && (
                <Select
                  label={t('campaigns.programme')}
                  required
                  searchable
                  allowDeselect={false}
                  data={(data?.programmes ?? []).map((row) => ({
                    value: row.id,
                    label: localized(row.name),
                  }))}
                  value={form.programme}
                  error={errors.programme}
                  onChange={(programme) =>
                    programme &&
                    setForm({
                      ...form,
                      programme,
                      draft: {
                        ...form.draft,
                        offset: offsetIn(zoneOf(programme), form.draft.startLocal),
                      },
                    })
                  }
                  data-testid="campaign-programme"
                />
              )}
              <Text size="xs" c="dimmed">
                {t('campaigns.newHelp', { zone: zoneOf(form.programme) })}
              </Text>
              <CampaignFields
                draft={form.draft}
                errors={errors}
                onChange={(draft) => setForm({ ...form, draft })}
              />
              <Group justify="flex-end">
                <Button
                  variant="default"
                  loading={busy}
                  onClick={showPreview}
                  data-testid="campaign-preview-button"
                >
                  {t('campaigns.preview')}
                </Button>
                <Button loading={busy} onClick={save} data-testid="campaign-save">
                  {t('save')}
                </Button>
              </Group>
              {preview && (
                <Paper withBorder radius="md" p="md">
                  <Text size="xs" c="dimmed" mb="xs">
                    {t('campaigns.previewHelp')}
                  </Text>
                  <SalePreview programme={preview} />
                </Paper>
              )}
            </Stack>
          )}
        </Modal>
        {confirming && (
          <AnnouncementModal
            key={confirming.id}
            opened
            title={t('campaigns.confirmTitle')}
            summary={`${nameOf(confirming.programme)}: ${format.offer(confirming)}`}
            help={t('campaigns.confirmHelp')}
            errors={errors}
            busy={busy}
            testId="campaign-announcement"
            onClose={() => setConfirming(null)}
            confirm={(announcement) => {
              const confirm = checkForm(
                CampaignConfirmSchema,
                { announcement, checked: today },
                message,
                setErrors,
              );
              if (confirm)
                void submit(async () => {
                  await staffApi.confirmCampaign(confirming.id, confirm);
                  done();
                });
            }}
          />
        )}
        {saved && !form && !confirming && (
          <Alert color="green" py={4} mt="sm">
            {t('saved')}
          </Alert>
        )}
      </StaffShell>
    </PageFrame>
  );
}
