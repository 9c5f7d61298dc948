import { useTranslation } from '../../lib/translation.tsx';
import { LoadingLine } from '../../components/loading-line.tsx';

/** While a guide's data loads; the browser tests wait for it to go. */
export function GuidesLoading() {
  const { t } = useTranslation('guides');
  return <LoadingLine label={t('loading')} testId="guides-loading" />;
}
