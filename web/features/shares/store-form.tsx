import { Anchor, Chip, Group, Select, TextInput } from '@mantine/core';
import { FieldGroup } from '../../components/field-group.tsx';
import { useState } from 'react';
import { Link } from 'react-router';
import {
  PAYMENT_METHODS,
  STORE_CATEGORIES,
  STORE_LIMITS,
  STORE_TYPES,
  US_CARD_SUPPORT,
  cardsProblem,
  storeProblem,
  type StoreCard,
  type StoreInput,
} from '../../../core/shares/stores.ts';
import { ApiRequestError } from '../../lib/api-client.ts';
import { useTranslation } from '../../lib/translation.tsx';
import { LabelledChoice, ShareForm, invalidShareOf, useCheckedSubmit } from './share-parts.tsx';
import { CardLines, emptyCard, type Problem } from './card-lines.tsx';

/** What a failed save says: the checks' problem under its field, a taken name with the record to edit. */
function problemFromError(error: unknown): Problem | null {
  const body = error instanceof ApiRequestError ? error.body : null;
  if (body?.error === 'STORE_NAME_TAKEN') {
    const details = body.details ?? {};
    return {
      field: 'name',
      problem: 'taken',
      taken: {
        slug: typeof details.slug === 'string' ? details.slug : null,
        name: String(details.name ?? ''),
        mine: details.mine === 'yes',
      },
    };
  }
  return invalidShareOf(error);
}

/**
 * Adding or editing a store (docs/product/cards.md#stores-that-take-us-cards): checked in the spec's order
 * (name, a payment method, the support, a card), the first problem under its field. A name already
 * registered links to that record: to edit it when it is the member's, to add their card when not.
 */
export function StoreForm({
  initial,
  onSave,
  onCancel,
  title,
}: {
  initial: StoreInput | null;
  onSave: (input: StoreInput) => Promise<void>;
  onCancel: () => void;
  title: string;
}) {
  const { t } = useTranslation('shares');
  const [draft, setDraft] = useState<StoreInput>(
    () =>
      initial ?? {
        name: '',
        type: 'physical',
        category: 'supermarket',
        paymentMethods: [],
        usCardSupport: null,
        cards: [emptyCard()],
      },
  );
  const { problem, busy, submit: checkedSubmit } = useCheckedSubmit(problemFromError);
  const set = (change: Partial<StoreInput>) => setDraft((current) => ({ ...current, ...change }));
  const errorFor = (field: string) =>
    problem?.field === field && problem.problem !== 'taken'
      ? t(`stores.problems.${problem.problem}`)
      : undefined;

  const submit = () =>
    checkedSubmit(storeProblem(draft), () => onSave({ ...draft, name: draft.name.trim() }));

  const taken = problem?.problem === 'taken' ? problem.taken : null;
  return (
    <ShareForm
      testId="store-form"
      title={title}
      note={t('stores.form.public')}
      submitLabel={initial ? t('form.saveChanges') : t('stores.form.submit')}
      submitTestId="store-submit"
      busy={busy}
      onSubmit={submit}
      onCancel={onCancel}
    >
      <TextInput
        label={t('stores.form.name')}
        description={t('stores.form.nameHint')}
        value={draft.name}
        onChange={(event) => set({ name: event.currentTarget.value })}
        maxLength={STORE_LIMITS.name + 20}
        error={
          errorFor('name') ?? (taken ? t('stores.problems.taken', { name: taken.name }) : undefined)
        }
        required
        data-testid="store-name"
      />
      {taken?.slug && (
        <Anchor
          component={Link}
          to={`/cardplus/uscard-in-tw/${taken.slug}${taken.mine ? '?edit=1' : '?addCard=1'}`}
          data-testid="store-taken-link"
          size="sm"
        >
          {taken.mine
            ? t('stores.form.editExisting', { name: taken.name })
            : t('stores.form.addToExisting', { name: taken.name })}
        </Anchor>
      )}
      <Group grow wrap="wrap" align="flex-start">
        <LabelledChoice
          id="store-type-label"
          label={t('stores.form.type')}
          value={draft.type}
          onChange={(value) => set({ type: value })}
          data={STORE_TYPES.map((value) => ({ value, label: t(`stores.types.${value}`) }))}
          miw={200}
        />
        <Select
          label={t('stores.form.category')}
          value={draft.category}
          onChange={(value) => value && set({ category: value as StoreInput['category'] })}
          data={STORE_CATEGORIES.map((value) => ({
            value,
            label: t(`stores.categories.${value}`),
          }))}
          allowDeselect={false}
          miw={200}
          data-testid="store-category"
        />
      </Group>
      <FieldGroup
        labelId="store-payments-label"
        label={t('stores.form.paymentMethods')}
        required
        error={errorFor('paymentMethods')}
      >
        <Chip.Group
          multiple
          value={draft.paymentMethods}
          onChange={(value) => set({ paymentMethods: value as StoreInput['paymentMethods'] })}
        >
          <Group
            gap={6}
            role="group"
            aria-labelledby="store-payments-label"
            data-testid="store-payments"
          >
            {PAYMENT_METHODS.map((method) => (
              <Chip key={method} value={method} size="sm">
                {t(`stores.payments.${method}`)}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
      </FieldGroup>
      <FieldGroup
        labelId="store-support-label"
        label={t('stores.form.support')}
        required
        error={errorFor('usCardSupport')}
      >
        {/* Chips rather than a segmented control: the three answers wrap on a narrow phone. */}
        <Chip.Group
          value={draft.usCardSupport ?? ''}
          onChange={(value) => set({ usCardSupport: value as StoreInput['usCardSupport'] })}
        >
          <Group
            gap={6}
            role="radiogroup"
            aria-labelledby="store-support-label"
            data-testid="store-support"
          >
            {US_CARD_SUPPORT.map((value) => (
              <Chip key={value} value={value} type="radio" size="sm">
                {t(`stores.support.${value}`)}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
      </FieldGroup>
      <CardLines cards={draft.cards} onChange={(cards) => set({ cards })} problem={problem} />
    </ShareForm>
  );
}

/** A member's own cards on someone else's record. */
export function MyCardsForm({
  initial,
  onSave,
  onCancel,
}: {
  initial: StoreCard[];
  onSave: (cards: StoreCard[]) => Promise<void>;
  onCancel: () => void;
}) {
  const { t } = useTranslation('shares');
  const [cards, setCards] = useState<StoreCard[]>(initial.length > 0 ? initial : [emptyCard()]);
  const { problem, busy, submit: checkedSubmit } = useCheckedSubmit(problemFromError);
  const submit = () => checkedSubmit(cardsProblem(cards, 'unknown'), () => onSave(cards));
  return (
    <ShareForm
      testId="my-cards-form"
      title={t('stores.myCards.title')}
      submitLabel={t('stores.myCards.save')}
      submitTestId="my-cards-submit"
      busy={busy}
      onSubmit={submit}
      onCancel={onCancel}
    >
      <CardLines cards={cards} onChange={setCards} problem={problem} />
    </ShareForm>
  );
}
