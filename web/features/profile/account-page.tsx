import { Avatar, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../lib/translation.tsx';
import type { Language, MoneyCurrency } from '../../../core/locale.ts';
import { LanguageCurrencyFields } from '../../components/language-currency-fields.tsx';
import { LIMITS } from '../../../core/limits.ts';
import type { PageDef } from '../../lib/site-map.ts';
import { usePopup } from '../../components/message-popup.tsx';
import { PageFrame } from '../../components/page-skeleton.tsx';
import { useErrorPopup } from '../../lib/use-error-popup.ts';
import { authApi } from '../auth/index.ts';
import { useAuth } from '../auth/index.ts';
import { PlaceSelect } from '../../components/place-select.tsx';
import { useAppState } from '../../lib/app-context.tsx';
import { placeLanguage, type PlaceChoice } from '../../lib/places.ts';
import {
  cityOf,
  placeOfCity,
  readCurrentCity,
  saveCurrentCity,
} from '../../lib/travel-preferences.ts';

/**
 * The city the member is in (docs/product/README.md#what-the-site-remembers): kept in this
 * browser's `current_city` cookie as soon as it is chosen, and where award searches and the
 * explorer start until the member picks another origin.
 */
function CurrentCityField() {
  const { t } = useTranslation();
  const { language } = useAppState();
  const [city, setCity] = useState<PlaceChoice | null>(null);
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    const kept = readCurrentCity();
    if (!kept) return;
    placeOfCity(kept, placeLanguage(language))
      .then((place) => setCity((current) => current ?? place))
      .catch(() => undefined);
  }, [language]);
  return (
    <Stack gap="xs">
      <PlaceSelect
        label={t('auth.profile.city')}
        value={city}
        onChange={(place) => {
          setCity(place);
          if (place) saveCurrentCity(cityOf(place));
          setSaved(place !== null);
        }}
        testId="profile-city"
      />
      <Text size="sm" c="gray.7">
        {saved ? t('auth.profile.citySaved') : t('auth.profile.cityLead')}
      </Text>
    </Stack>
  );
}

/** /profilepage/account: account id, picture and name, and the member's language and currency. */
export function AccountPage({ page }: { page: PageDef }) {
  const { t } = useTranslation();
  const popup = usePopup();
  const { member, logOut } = useAuth();
  const [name, setName] = useState('');
  const [photo, setPhoto] = useState('');
  const [language, setLanguage] = useState<Language>('en');
  const [currency, setCurrency] = useState<MoneyCurrency>('USD');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!member) return;
    setName(member.name);
    setPhoto(member.photo ?? '');
    setLanguage(member.language);
    setCurrency(member.currency);
  }, [member]);

  const failed = useErrorPopup();

  const saveProfile = async () => {
    setBusy(true);
    try {
      await authApi.updateProfile({ name, photo });
      await popup.show({ title: t('auth.myAccount'), message: t('auth.profile.saved') });
      window.location.reload();
    } catch (error) {
      await failed(error);
    } finally {
      setBusy(false);
    }
  };

  const savePreferences = async () => {
    setBusy(true);
    try {
      await authApi.updateProfile({ language, currency });
      // The language applies on the next page load, like the picker's (docs/product/README.md#languages).
      window.location.reload();
    } catch (error) {
      await failed(error);
      setBusy(false);
    }
  };

  return (
    <PageFrame page={page}>
      {member && (
        <Stack gap="lg" maw={560}>
          <Card withBorder padding="lg">
            <Group wrap="nowrap">
              <Avatar
                src={member.photo}
                alt={t('auth.profile.pictureAlt', { name: member.name })}
                size={72}
                radius="xl"
                color="blue"
              >
                {member.name.slice(0, 1)}
              </Avatar>
              <div>
                <Text fw={700} data-testid="profile-name">
                  {member.name}
                </Text>
                <Text size="sm">
                  {member.email ? t('auth.profile.signedInAs', { email: member.email }) : null}
                </Text>
                <Text size="sm" c="gray.7">
                  {t('auth.profile.account')}:{' '}
                  <span data-testid="profile-account">{member.account}</span>
                </Text>
              </div>
            </Group>
          </Card>
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              void saveProfile();
            }}
          >
            <Stack>
              <TextInput
                label={t('auth.profile.name')}
                value={name}
                maxLength={LIMITS.input.nicknameMax}
                onChange={(event) => setName(event.currentTarget.value)}
                data-testid="profile-name-input"
              />
              <TextInput
                label={t('auth.profile.picture')}
                type="url"
                value={photo}
                onChange={(event) => setPhoto(event.currentTarget.value.trim())}
                data-testid="profile-photo-input"
              />
              <Button type="submit" loading={busy} w="fit-content">
                {t('auth.profile.save')}
              </Button>
            </Stack>
          </form>
          <Stack gap="xs">
            <Title order={2} fz="lg">
              {t('auth.profile.preferences')}
            </Title>
            <Text size="sm">{t('auth.profile.preferencesLead')}</Text>
            <LanguageCurrencyFields
              language={language}
              currency={currency}
              onLanguage={setLanguage}
              onCurrency={setCurrency}
            />
            <Button
              variant="light"
              onClick={() => void savePreferences()}
              loading={busy}
              w="fit-content"
              data-testid="profile-save-preferences"
            >
              {t('auth.profile.savePreferences')}
            </Button>
          </Stack>
          <CurrentCityField />
          <Button
            variant="default"
            w="fit-content"
            onClick={() => void logOut()}
            data-testid="profile-logout"
          >
            {t('auth.logout')}
          </Button>
        </Stack>
      )}
    </PageFrame>
  );
}
