import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  NumberInput,
  Select,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import type { CampaignTerms } from '../../../core/storefront/campaign-edits.ts';
import type { StorefrontCampaign } from '../../../core/storefront/catalogue-schema.ts';
import { useTranslation } from '../../lib/translation.tsx';
import { numberOr, SourceFields, type Errors } from './edit-form.tsx';

/**
 * A campaign's terms as the editor types them: its first and last minute on the programme's wall
 * clock with the one offset the programme announced them in, the discount, the bonus ladder, and
 * where it was read.
 */
export interface CampaignDraft {
  startLocal: string;
  endLocal: string;
  offset: string;
  discountPercent: number;
  bonusLadder: { from: number; percent: number }[];
  flash: boolean;
  bonusCountsTowardCap: StorefrontCampaign['bonusCountsTowardCap'];
  source: string;
  checked: string;
  unverified: string;
}

/** The UTC offset of a time zone near a wall-clock time ("+08:00"); "+00:00" if the browser cannot tell. */
export function offsetIn(timeZone: string, local: string): string {
  try {
    const name = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
      .formatToParts(new Date(`${local || '2026-01-01T00:00'}:00Z`))
      .find((part) => part.type === 'timeZoneName')?.value;
    const match = /GMT([+-]\d{2}:\d{2})?/.exec(name ?? '');
    return match?.[1] ?? '+00:00';
  } catch {
    return '+00:00';
  }
}

export function blankDraft(today: string, offset: string): CampaignDraft {
  return {
    startLocal: `${today}T00:00`,
    endLocal: `${today}T23:59`,
    offset,
    discountPercent: 0,
    bonusLadder: [{ from: 1000, percent: 50 }],
    flash: false,
    bonusCountsTowardCap: 'as-programme',
    source: '',
    checked: today,
    unverified: '',
  };
}

/** A stored campaign as the form shows it, checked today. */
export function draftOf(campaign: StorefrontCampaign, today: string): CampaignDraft {
  const offset = campaign.start.endsWith('Z') ? '+00:00' : campaign.start.slice(-6);
  return {
    startLocal: campaign.start.slice(0, 16),
    endLocal: campaign.end.slice(0, 16),
    offset,
    discountPercent: campaign.discountPercent,
    bonusLadder: campaign.bonusLadder,
    flash: campaign.flash,
    bonusCountsTowardCap: campaign.bonusCountsTowardCap,
    source: campaign.source,
    checked: today,
    unverified: campaign.unverified ?? '',
  };
}

/** The terms the API reads (core/storefront/campaign-edits.ts), to be checked with its schema. */
export function termsOf(draft: CampaignDraft): CampaignTerms {
  return {
    start: `${draft.startLocal}:00${draft.offset}`,
    end: `${draft.endLocal}:00${draft.offset}`,
    discountPercent: draft.discountPercent,
    bonusLadder: draft.bonusLadder,
    flash: draft.flash,
    bonusCountsTowardCap: draft.bonusCountsTowardCap,
    source: draft.source,
    checked: draft.checked,
    ...(draft.unverified.trim() ? { unverified: draft.unverified.trim() } : {}),
  };
}

/** The fields of a campaign's terms, each with the error the API's schema gives it. */
export function CampaignFields({
  draft,
  errors,
  onChange,
}: {
  draft: CampaignDraft;
  errors: Errors;
  onChange: (draft: CampaignDraft) => void;
}) {
  const { t } = useTranslation('staff');
  const set = (change: Partial<CampaignDraft>) => onChange({ ...draft, ...change });
  const ladderError = Object.entries(errors).find(([field]) => field.startsWith('bonusLadder'));
  return (
    <Stack gap="sm">
      <Group grow wrap="wrap" align="start">
        <TextInput
          label={t('campaigns.start')}
          required
          type="datetime-local"
          value={draft.startLocal}
          error={errors.start}
          onChange={(event) => set({ startLocal: event.currentTarget.value })}
          data-testid="campaign-start"
        />
        <TextInput
          label={t('campaigns.end')}
          required
          type="datetime-local"
          value={draft.endLocal}
          error={errors.end}
          onChange={(event) => set({ endLocal: event.currentTarget.value })}
          data-testid="campaign-end"
        />
        <TextInput
          label={t('campaigns.offset')}
          description={t('campaigns.offsetHelp')}
          required
          value={draft.offset}
          maw={160}
          onChange={(event) => set({ offset: event.currentTarget.value.trim() })}
        />
      </Group>
      <Group grow wrap="wrap" align="start">
        <NumberInput
          label={t('campaigns.discount')}
          min={0}
          max={90}
          value={draft.discountPercent}
          error={errors.discountPercent}
          onChange={(value) => set({ discountPercent: numberOr(value, NaN) })}
          data-testid="campaign-discount"
        />
        <Select
          label={t('campaigns.cap')}
          data={(['as-programme', 'yes', 'no'] as const).map((value) => ({
            value,
            label: t(`campaigns.capRule.${value}`),
          }))}
          value={draft.bonusCountsTowardCap}
          allowDeselect={false}
          onChange={(value) =>
            value && set({ bonusCountsTowardCap: value as CampaignDraft['bonusCountsTowardCap'] })
          }
        />
      </Group>
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          {t('campaigns.ladder')}
        </Text>
        <Text size="xs" c="dimmed">
          {t('campaigns.ladderHelp')}
        </Text>
        {draft.bonusLadder.map((step, index) => (
          <Group key={index} gap="xs" align="end">
            <NumberInput
              label={t('campaigns.ladderFrom')}
              min={1}
              step={1000}
              value={step.from}
              onChange={(value) =>
                set({
                  bonusLadder: draft.bonusLadder.map((row, at) =>
                    at === index ? { ...row, from: numberOr(value, NaN) } : row,
                  ),
                })
              }
            />
            <NumberInput
              label={t('campaigns.ladderPercent')}
              min={1}
              max={300}
              value={step.percent}
              onChange={(value) =>
                set({
                  bonusLadder: draft.bonusLadder.map((row, at) =>
                    at === index ? { ...row, percent: numberOr(value, NaN) } : row,
                  ),
                })
              }
              data-testid="campaign-ladder-percent"
            />
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={t('campaigns.ladderRemove')}
              onClick={() =>
                set({ bonusLadder: draft.bonusLadder.filter((_, at) => at !== index) })
              }
            >
              ×
            </ActionIcon>
          </Group>
        ))}
        {ladderError && (
          <Text size="xs" c="red" role="alert">
            {ladderError[1]}
          </Text>
        )}
        <Button
          variant="subtle"
          size="compact-sm"
          w="fit-content"
          onClick={() => {
            const last = draft.bonusLadder.at(-1);
            set({
              bonusLadder: [
                ...draft.bonusLadder,
                last
                  ? { from: last.from * 2, percent: last.percent + 10 }
                  : { from: 1000, percent: 50 },
              ],
            });
          }}
        >
          {t('campaigns.ladderAdd')}
        </Button>
      </Stack>
      <Checkbox
        label={t('campaigns.flash')}
        checked={draft.flash}
        onChange={(event) => set({ flash: event.currentTarget.checked })}
      />
      <SourceFields
        source={draft.source}
        checked={draft.checked}
        errors={errors}
        onChange={(change) => set(change)}
      />
      <Textarea
        label={t('campaigns.unverified')}
        description={t('campaigns.unverifiedHelp')}
        autosize
        minRows={2}
        maxLength={2000}
        value={draft.unverified}
        onChange={(event) => set({ unverified: event.currentTarget.value })}
      />
    </Stack>
  );
}
