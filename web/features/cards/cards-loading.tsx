import { useTranslation } from '../../lib/translation.tsx';
import { LoadingLine } from '../../components/loading-line.tsx';

/** While the catalogue loads. */
export function CardsLoading() {
  const { t } = useTranslation('cards');
  return <LoadingLine label={t('loading')} testId="cards-loading" />;
}
