import { useCallback } from 'react';
import { localize, type LocalizedText } from '../../../core/cards/card.ts';
import type { Language } from '../../../core/locale.ts';
import { useTranslation } from '../../lib/translation.tsx';

/** A record's own words (en, zh-Hant, zh-Hans) in the page's language. */
export function useLocalized(): (text: LocalizedText) => string {
  const { i18n } = useTranslation();
  const language = i18n.language as Language;
  return useCallback((text: LocalizedText) => localize(text, language), [language]);
}
