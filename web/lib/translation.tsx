import {
  Fragment,
  cloneElement,
  createContext,
  useContext,
  useMemo,
  type ReactElement,
  type ReactNode,
} from 'react';
import { DEFAULT_NAMESPACE, type TFunction, type Translator } from './translator.ts';

/**
 * The translator in React: the provider around every page (AppShell) and the hook the pages use.
 * The language never changes while a page is open (choosing another reloads the page in it) and a
 * feature's catalogs are added before its pages render (routes.tsx), so nothing here re-renders
 * on a catalog's arrival.
 */
const TranslatorContext = createContext<Translator | null>(null);

export function TranslationProvider({
  translator,
  children,
}: {
  translator: Translator;
  children: ReactNode;
}) {
  return <TranslatorContext.Provider value={translator}>{children}</TranslatorContext.Provider>;
}

function useTranslator(): Translator {
  const translator = useContext(TranslatorContext);
  if (!translator) throw new Error('useTranslation needs a TranslationProvider above it');
  return translator;
}

/** `t` for one namespace (keys of others are written `namespace:key`) and the translator itself. */
export function useTranslation(namespace: string = DEFAULT_NAMESPACE): {
  t: TFunction;
  i18n: Translator;
} {
  const translator = useTranslator();
  const t = useMemo(() => translator.fixedT(namespace), [translator, namespace]);
  return { t, i18n: translator };
}

const TAG = /<(\w+)>(.*?)<\/\1>|<(\w+)\s*\/>/g;

/**
 * A string with elements in it: `I agree to the <terms>terms of service</terms>` becomes text
 * around the `terms` element given, holding the words between the tags. A tag without an element
 * shows its words alone.
 */
export function Trans({
  t,
  i18nKey,
  components,
}: {
  t: TFunction;
  i18nKey: string;
  components: Record<string, ReactElement>;
}) {
  const text = t(i18nKey);
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(TAG)) {
    if (match.index > last) parts.push(text.slice(last, match.index));
    const name = match[1] ?? match[3] ?? '';
    const inner = match[2];
    const element = components[name];
    if (element)
      parts.push(
        inner === undefined
          ? cloneElement(element, { key: parts.length })
          : cloneElement(element, { key: parts.length }, inner),
      );
    else parts.push(inner ?? '');
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return <Fragment>{parts}</Fragment>;
}
