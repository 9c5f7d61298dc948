import { useTranslation } from 'react-i18next';
import { LoadingLine } from '../../components/loading-line.tsx';

/** While a guide's data loads; the browser tests wait for it to go. */
export function GuidesLoading() {
  const { t } = useTranslation('guides');
  return <LoadingLine label={t('loading')} testId="guides-loading" />;
}
