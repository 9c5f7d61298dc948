import { useTranslation } from 'react-i18next';
import { LoadingLine } from '../../components/loading-line.tsx';

/** While the catalogue loads. */
export function CardsLoading() {
  const { t } = useTranslation('cards');
  return <LoadingLine label={t('loading')} testId="cards-loading" />;
}
