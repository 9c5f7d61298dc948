import { Group, Select, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../lib/translation.tsx';
import type { Place } from '../../core/awards/places.ts';
import { useAppState } from '../lib/app-context.tsx';
import { findPlaces, placeLanguage, type PlaceChoice } from '../lib/places.ts';

const key = (place: PlaceChoice) => `${place.kind}:${place.code}`;

/**
 * An airport or city field with suggestions from the server as the member types: codes, and
 * names in English, Traditional or Simplified Chinese (台北, 東京, 纽约 all work).
 */
export function PlaceSelect({
  label,
  value,
  onChange,
  error,
  testId,
  required,
}: {
  label: string;
  value: PlaceChoice | null;
  onChange: (place: PlaceChoice | null) => void;
  error?: string | undefined;
  testId: string;
  required?: boolean;
}) {
  const { t } = useTranslation('awards');
  const { language } = useAppState();
  const labelOf = (place: PlaceChoice) =>
    place.kind === 'metro'
      ? t('panel.metroLabel', { city: place.city, code: place.code })
      : `${place.name} (${place.code})`;
  const [search, setSearch] = useState(value ? labelOf(value) : '');
  const [options, setOptions] = useState<PlaceChoice[]>(value ? [value] : []);
  const shown = useRef(value ? labelOf(value) : '');

  // A value set from outside (the last search, a calendar day) shows its label.
  useEffect(() => {
    if (!value) return;
    setOptions((current) =>
      current.some((place) => key(place) === key(value)) ? current : [value, ...current],
    );
    const text = labelOf(value);
    shown.current = text;
    setSearch(text);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the chosen place changes
  }, [value?.code, value?.kind]);

  useEffect(() => {
    const text = search.trim();
    if (!text || text === shown.current) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      findPlaces(text, placeLanguage(language), controller.signal)
        .then((places: Place[]) => setOptions(places))
        .catch(() => undefined);
    }, 150);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [search, language]);

  const data = options.map((place) => ({ value: key(place), label: labelOf(place) }));
  return (
    <Select
      label={label}
      placeholder={t('panel.placePlaceholder')}
      searchable
      clearable
      data={data}
      value={value ? key(value) : null}
      searchValue={search}
      onSearchChange={setSearch}
      onChange={(chosen) => {
        const place = options.find((option) => key(option) === chosen) ?? null;
        if (place) shown.current = labelOf(place);
        onChange(place);
      }}
      // The server already matched; Mantine's own filter would drop 臺北 for 台北.
      filter={({ options: all }) => all}
      nothingFoundMessage={search.trim() ? t('panel.noPlace') : undefined}
      error={error}
      required={required}
      data-testid={testId}
      comboboxProps={{ withinPortal: true }}
      renderOption={({ option }) => {
        const place = options.find((candidate) => key(candidate) === option.value);
        return (
          <Group gap={6} wrap="nowrap" data-testid={`${testId}-option-${place?.code ?? ''}`}>
            <Text size="sm" fw={600} w={36}>
              {place?.code}
            </Text>
            <Text size="sm">
              {place?.kind === 'metro'
                ? t('panel.allAirports', { city: place.city })
                : place
                  ? `${place.name} · ${place.city}`
                  : option.label}
            </Text>
          </Group>
        );
      }}
    />
  );
}
