/** The checkout's own fields, shared by every checkout: who pays, the card holder and the billing address, with each field's check. */
import { Select, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import {
  useCallback,
  useMemo,
  useRef,
  useState,
  type Dispatch,
  type ReactNode,
  type SetStateAction,
} from 'react';
import type { CardFieldsHandle, TokenizeResult } from './card-fields.tsx';
import { INTL_LOCALES, type Language, type MoneyCurrency } from '../../../core/locale.ts';
import {
  BILLING_COUNTRIES,
  CheckoutDetailsSchema,
  defaultBillingCountry,
  type CheckoutDetails,
} from '../../../core/payments/checkout-contract.ts';
import { useTranslation } from '../../lib/translation.tsx';

export type BillingDetails = Omit<CheckoutDetails, 'termsAgreed'>;
export type FieldErrors = Partial<Record<string, string>>;

/** A checkout's details before the member types: their name and e-mail, the country their currency is spent in. */
export function emptyBilling(
  currency: MoneyCurrency,
  member: { name?: string | null; email?: string | null } | null,
): BillingDetails {
  return {
    name: member?.name ?? '',
    email: member?.email ?? '',
    holderName: '',
    address: {
      country: defaultBillingCountry(currency),
      line1: '',
      line2: '',
      city: '',
      region: '',
      postalCode: '',
    },
    company: '',
    taxId: '',
  };
}

/** The translated message of each field the contract refused (`payments:fieldErrors.*`). */
export function checkoutFieldErrors(details: unknown, t: (key: string) => string): FieldErrors {
  const parsed = CheckoutDetailsSchema.safeParse(details);
  if (parsed.success) return {};
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const path = issue.path.join('.');
    if (path === 'termsAgreed' || errors[path]) continue;
    const value = issue.path.reduce<unknown>(
      (node, part) =>
        node && typeof node === 'object'
          ? (node as Record<string, unknown>)[String(part)]
          : undefined,
      details,
    );
    const empty = value === undefined || value === '';
    errors[path] = t(
      `fieldErrors.${path}${!empty && (path === 'address.postalCode' || path === 'email' || path === 'taxId') ? 'Format' : ''}`,
    );
  }
  return errors;
}

/** Name and e-mail of who pays. */
export function PayerFields({
  details,
  setDetails,
  errors,
}: {
  details: BillingDetails;
  setDetails: Dispatch<SetStateAction<BillingDetails>>;
  errors: FieldErrors;
}) {
  const { t } = useTranslation('payments');
  const onChange = (patch: Partial<BillingDetails>) =>
    setDetails((current) => ({ ...current, ...patch }));
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <TextInput
        label={t('fields.name')}
        required
        value={details.name}
        onChange={(event) => onChange({ name: event.currentTarget.value })}
        error={errors.name}
        maxLength={60}
        data-testid="checkout-name"
      />
      <TextInput
        label={t('fields.email')}
        required
        type="email"
        value={details.email}
        onChange={(event) => onChange({ email: event.currentTarget.value })}
        error={errors.email}
        maxLength={254}
        data-testid="checkout-email"
      />
    </SimpleGrid>
  );
}

/**
 * The card holder (under the provider's card fields, `card`) and the billing address. Changes go
 * through `setDetails` as updates of the latest state, so fields a browser autofills in one go do
 * not overwrite each other.
 */
export function CardAndAddressFields({
  details,
  setDetails,
  errors,
  card,
}: {
  details: BillingDetails;
  setDetails: Dispatch<SetStateAction<BillingDetails>>;
  errors: FieldErrors;
  card: ReactNode;
}) {
  const { t, i18n } = useTranslation('payments');
  const countries = useMemo(() => {
    const names = new Intl.DisplayNames([INTL_LOCALES[i18n.language as Language] ?? 'en'], {
      type: 'region',
    });
    return BILLING_COUNTRIES.map((code) => ({ value: code, label: names.of(code) ?? code })).sort(
      (a, b) => a.label.localeCompare(b.label, i18n.language),
    );
  }, [i18n.language]);
  const onChange = (patch: Partial<BillingDetails>) =>
    setDetails((current) => ({ ...current, ...patch }));
  const setAddress = (patch: Partial<BillingDetails['address']>) =>
    setDetails((current) => ({ ...current, address: { ...current.address, ...patch } }));
  return (
    <Stack gap="md">
      <Title order={2} fz="lg">
        {t('checkout.card')}
      </Title>
      {card}
      <TextInput
        label={t('fields.holderName')}
        required
        value={details.holderName}
        onChange={(event) => onChange({ holderName: event.currentTarget.value })}
        error={errors.holderName}
        maxLength={60}
        autoComplete="cc-name"
        data-testid="checkout-holder"
      />
      <Title order={2} fz="lg">
        {t('checkout.address')}
      </Title>
      <Select
        label={t('fields.country')}
        required
        data={countries}
        value={details.address.country}
        onChange={(value) =>
          value && setAddress({ country: value as (typeof BILLING_COUNTRIES)[number] })
        }
        error={errors['address.country']}
        searchable
        allowDeselect={false}
        data-testid="checkout-country"
      />
      <TextInput
        label={t('fields.line1')}
        required
        value={details.address.line1}
        onChange={(event) => setAddress({ line1: event.currentTarget.value })}
        error={errors['address.line1']}
        maxLength={120}
        autoComplete="address-line1"
        data-testid="checkout-line1"
      />
      <TextInput
        label={t('fields.line2')}
        value={details.address.line2}
        onChange={(event) => setAddress({ line2: event.currentTarget.value })}
        maxLength={120}
        autoComplete="address-line2"
      />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <TextInput
          label={t('fields.city')}
          required
          value={details.address.city}
          onChange={(event) => setAddress({ city: event.currentTarget.value })}
          error={errors['address.city']}
          maxLength={60}
          data-testid="checkout-city"
        />
        <TextInput
          label={t('fields.region')}
          value={details.address.region}
          onChange={(event) => setAddress({ region: event.currentTarget.value })}
          error={errors['address.region']}
          maxLength={60}
          data-testid="checkout-region"
        />
        <TextInput
          label={t('fields.postalCode')}
          value={details.address.postalCode}
          onChange={(event) => setAddress({ postalCode: event.currentTarget.value })}
          error={errors['address.postalCode']}
          maxLength={12}
          data-testid="checkout-postal"
        />
      </SimpleGrid>
    </Stack>
  );
}

type TokenizedCard = Extract<TokenizeResult, { token: string }>;

/**
 * The card step of a checkout's details: the provider's fields' handle and error, and `check`,
 * which tokenizes the card and marks it when it is not complete; null when it or any field found
 * wrong needs attention (each says what is wrong under itself, and the form shows the first).
 */
export function useCardCheck() {
  const { t } = useTranslation('payments');
  const cardRef = useRef<CardFieldsHandle>(null);
  const [cardError, setCardError] = useState<string | null>(null);
  const check = useCallback(
    async (found: FieldErrors): Promise<TokenizedCard | null> => {
      const card = await cardRef.current?.tokenize();
      const cardOk = card !== undefined && 'token' in card;
      setCardError(cardOk ? null : t('fieldErrors.card'));
      return Object.keys(found).length > 0 || !cardOk ? null : card;
    },
    [t],
  );
  return { cardRef, cardError, clearCardError: () => setCardError(null), check };
}
