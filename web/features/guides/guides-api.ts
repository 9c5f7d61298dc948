import type { PlaceLanguage } from '../../../core/awards/places.ts';
import type { ExplorerAnswer } from '../../../core/guides/contract.ts';
import type { ExplorerResult } from '../../../core/guides/explorer.ts';
import type { ExplorerNames } from '../../../core/guides/contract.ts';
import { apiGet } from '../../lib/api-client.ts';

/** An explorer answer as the page reads it: the result with its date and names beside it. */
export type Explored = ExplorerResult & { today: string; names: ExplorerNames };

/** The explorer's question, asked when the member asks it (the pages' other data comes with their loaders; docs/guides.md). */
export const guidesApi = {
  explore: (form: Record<string, string>, language: PlaceLanguage, signal?: AbortSignal) =>
    apiGet<ExplorerAnswer>(
      `/api/explorer?${new URLSearchParams({ ...form, lang: language }).toString()}`,
      signal ? { signal } : {},
    ).then((answer): Explored => ({ ...answer.result, today: answer.today, names: answer.names })),
};
