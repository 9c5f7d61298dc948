import { Checkbox, Group, NumberInput, Select, TextInput, Textarea } from '@mantine/core';
import { useState } from 'react';
import {
  RENEWAL_LIMITS,
  renewalOfferProblem,
  type RenewalOfferInput,
  type RenewalOfferView,
} from '../../../core/shares/renewal-offers.ts';
import { useTranslation } from '../../lib/translation.tsx';
import { LabelledChoice, ShareForm, invalidShareOf, useCheckedSubmit } from './share-parts.tsx';

type Draft = Omit<
  RenewalOfferInput,
  'annualSpend' | 'heldYears' | 'requirementSpend' | 'requirementMonths' | 'offerAmount'
> & {
  annualSpend: number | string;
  heldYears: number | string;
  asksSpend: boolean;
  requirementSpend: number | string;
  requirementMonths: number | string;
  offerAmount: number | string;
};

const numberOf = (value: number | string) => (value === '' ? Number.NaN : Number(value));

function draftOf(report: RenewalOfferView | null, today: string): Draft {
  if (!report)
    return {
      inquiredOn: today,
      annualSpend: '',
      heldYears: '',
      heldMonths: 0,
      asksSpend: false,
      requirementSpend: '',
      requirementMonths: 3,
      offerReceived: true,
      offerType: 'points',
      offerAmount: '',
      detail: '',
      note: '',
    };
  return {
    inquiredOn: report.inquiredOn,
    annualSpend: report.annualSpend,
    heldYears: report.heldYears,
    heldMonths: report.heldMonths,
    asksSpend: report.requirementSpend !== null,
    requirementSpend: report.requirementSpend ?? '',
    requirementMonths: report.requirementMonths ?? 3,
    offerReceived: report.offerReceived,
    offerType: report.offerType,
    offerAmount: report.offerAmount ?? '',
    detail: report.detail,
    note: report.note,
  };
}

/** The report as the API takes it; blanks become what the checks then name (a missing spend is 'spend not valid'). */
function inputOf(draft: Draft): RenewalOfferInput {
  const whole = (value: number | string) =>
    Number.isFinite(numberOf(value)) ? Math.round(numberOf(value)) : -1;
  return {
    inquiredOn: draft.inquiredOn,
    annualSpend: whole(draft.annualSpend),
    heldYears: whole(draft.heldYears),
    heldMonths: draft.heldMonths,
    requirementSpend: draft.asksSpend ? whole(draft.requirementSpend) : null,
    requirementMonths: draft.asksSpend ? whole(draft.requirementMonths) : null,
    offerReceived: draft.offerReceived,
    offerType: draft.offerReceived ? draft.offerType : 'none',
    offerAmount: draft.offerReceived ? whole(draft.offerAmount) : null,
    detail: draft.detail.trim(),
    note: draft.note.trim(),
  };
}

/** The field a problem belongs to and its message key (`shares:renewal.problems.*`). */
function problemOf(
  input: RenewalOfferInput,
  today: string,
): { field: string; problem: string } | null {
  if (input.annualSpend < 0) return { field: 'annualSpend', problem: 'spendInvalid' };
  if (input.heldYears < 0) return { field: 'heldYears', problem: 'heldInvalid' };
  if (input.requirementSpend !== null && input.requirementSpend < 0)
    return { field: 'requirementSpend', problem: 'requirementInvalid' };
  if (input.offerAmount !== null && input.offerAmount < 0)
    return { field: 'offerAmount', problem: 'amountMissing' };
  return renewalOfferProblem(input, today);
}

/**
 * Reporting a renewal offer (docs/product/cards.md#renewal-offers): when the member asked, what they spend, how long they have
 * held the card, what the offer asks and gives. Checked here as the server checks it, the first
 * problem shown under its field; the server's answer is shown the same way.
 */
export function RenewalForm({
  currency,
  today,
  report,
  onSave,
  onCancel,
}: {
  currency: 'USD' | 'TWD';
  today: string;
  report: RenewalOfferView | null;
  onSave: (input: RenewalOfferInput) => Promise<void>;
  onCancel: () => void;
}) {
  const { t } = useTranslation('shares');
  const [draft, setDraft] = useState<Draft>(() => draftOf(report, today));
  const { problem, busy, submit: checkedSubmit } = useCheckedSubmit(invalidShareOf);
  const set = (change: Partial<Draft>) => setDraft((current) => ({ ...current, ...change }));
  const errorFor = (...fields: string[]) =>
    problem && fields.includes(problem.field)
      ? t(`renewal.problems.${problem.problem}`)
      : undefined;
  const money = currency === 'TWD' ? 'NT$' : 'US$';

  const submit = () => {
    const input = inputOf(draft);
    return checkedSubmit(problemOf(input, today), () => onSave(input));
  };

  return (
    <ShareForm
      id="report"
      testId="renewal-form"
      title={report ? t('renewal.form.editTitle') : t('renewal.form.title')}
      note={t('renewal.form.public')}
      submitLabel={report ? t('form.saveChanges') : t('renewal.form.submit')}
      submitTestId="renewal-submit"
      busy={busy}
      onSubmit={submit}
      onCancel={onCancel}
    >
      <Group grow align="flex-start" wrap="wrap">
        <TextInput
          type="date"
          label={t('renewal.form.inquiredOn')}
          value={draft.inquiredOn}
          max={today}
          onChange={(event) => set({ inquiredOn: event.currentTarget.value })}
          error={errorFor('inquiredOn')}
          required
          miw={160}
          data-testid="renewal-date"
        />
        <NumberInput
          label={t('renewal.form.annualSpend', { currency: money })}
          value={draft.annualSpend}
          onChange={(value) => set({ annualSpend: value })}
          min={0}
          max={RENEWAL_LIMITS.spend}
          thousandSeparator=","
          allowDecimal={false}
          error={errorFor('annualSpend')}
          required
          miw={160}
          data-testid="renewal-spend"
        />
      </Group>
      <Group grow align="flex-start">
        <NumberInput
          label={t('renewal.form.heldYears')}
          value={draft.heldYears}
          onChange={(value) => set({ heldYears: value })}
          min={0}
          max={RENEWAL_LIMITS.years}
          allowDecimal={false}
          error={errorFor('heldYears')}
          required
          data-testid="renewal-years"
        />
        <Select
          label={t('renewal.form.heldMonths')}
          value={String(draft.heldMonths)}
          onChange={(value) => set({ heldMonths: Number(value ?? 0) })}
          data={Array.from({ length: 12 }, (_, months) => ({
            value: String(months),
            label: t('renewal.form.months', { count: months }),
          }))}
          allowDeselect={false}
        />
      </Group>
      <LabelledChoice
        id="offer-received-label"
        label={t('renewal.form.received')}
        value={draft.offerReceived ? 'yes' : 'no'}
        onChange={(value) =>
          set({
            offerReceived: value === 'yes',
            offerType:
              value === 'no' ? 'none' : draft.offerType === 'none' ? 'points' : draft.offerType,
          })
        }
        data={[
          { value: 'yes', label: t('renewal.form.yes') },
          { value: 'no', label: t('renewal.form.no') },
        ]}
        testId="renewal-received"
        required
      />
      {draft.offerReceived && (
        <Group grow align="flex-start" wrap="wrap">
          <LabelledChoice
            id="offer-type-label"
            label={t('renewal.form.offerType')}
            value={draft.offerType === 'none' ? '' : draft.offerType}
            onChange={(value) => set({ offerType: value })}
            data={[
              { value: 'points' as const, label: t('renewal.offerTypes.points') },
              { value: 'cash' as const, label: t('renewal.offerTypes.cash') },
            ]}
            error={errorFor('offerType')}
            required
            testId="renewal-type"
            miw={160}
          />
          <NumberInput
            label={
              draft.offerType === 'cash'
                ? t('renewal.form.cashAmount', { currency: money })
                : t('renewal.form.pointsAmount')
            }
            value={draft.offerAmount}
            onChange={(value) => set({ offerAmount: value })}
            min={0}
            thousandSeparator=","
            allowDecimal={false}
            error={errorFor('offerAmount')}
            required
            miw={160}
            data-testid="renewal-amount"
          />
        </Group>
      )}
      <Checkbox
        label={t('renewal.form.asksSpend')}
        checked={draft.asksSpend}
        onChange={(event) => set({ asksSpend: event.currentTarget.checked })}
        data-testid="renewal-asks-spend"
      />
      {draft.asksSpend && (
        <Group grow align="flex-start">
          <NumberInput
            label={t('renewal.form.requirementSpend', { currency: money })}
            value={draft.requirementSpend}
            onChange={(value) => set({ requirementSpend: value })}
            min={0}
            thousandSeparator=","
            allowDecimal={false}
            error={errorFor('requirementSpend')}
            required
          />
          <NumberInput
            label={t('renewal.form.requirementMonths')}
            value={draft.requirementMonths}
            onChange={(value) => set({ requirementMonths: value })}
            min={1}
            max={24}
            allowDecimal={false}
            error={errorFor('requirementMonths')}
            required
          />
        </Group>
      )}
      <Textarea
        label={t('renewal.form.detail')}
        description={t('renewal.form.detailHint')}
        value={draft.detail}
        onChange={(event) => set({ detail: event.currentTarget.value })}
        maxLength={RENEWAL_LIMITS.detail}
        autosize
        minRows={2}
      />
      <Textarea
        label={t('renewal.form.note')}
        value={draft.note}
        onChange={(event) => set({ note: event.currentTarget.value })}
        maxLength={RENEWAL_LIMITS.note}
        autosize
        minRows={1}
      />
    </ShareForm>
  );
}
