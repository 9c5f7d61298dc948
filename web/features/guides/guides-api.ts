import type { PlaceLanguage } from '../../../core/awards/places.ts';
import type { ExplorerAnswer, ExplorerNames, LibraryEntry, ProgrammePage, TransferSource } from '../../../core/guides/contract.ts';
import type { ExplorerResult } from '../../../core/guides/explorer.ts';
import type { HotelTheme } from '../../../core/guides/guide.ts';
import type { TransferPartnerRow } from '../../../core/guides/transfers.ts';
import { apiGet } from '../../lib/api-client.ts';

/** An explorer answer as the page reads it: the result with its date and names beside it. */
export type Explored = ExplorerResult & { today: string; names: ExplorerNames };

/** The guides API as the pages call it (docs/guides.md). */
export const guidesApi = {
  sources: () => apiGet<{ sources: TransferSource[] }>('/api/transfer-partners/sources').then((answer) => answer.sources),
  partners: (query: { from: string } | { to: string }) => apiGet<{ today: string; partners: TransferPartnerRow[] }>(`/api/transfer-partners?${new URLSearchParams(query).toString()}`),
  library: (kind: 'airline' | 'hotel') => apiGet<{ programmes: LibraryEntry[] }>(`/api/guides?kind=${kind}`).then((answer) => answer.programmes),
  programme: (id: string) => apiGet<ProgrammePage>(`/api/guides/${encodeURIComponent(id)}`),
  themes: () => apiGet<{ themes: HotelTheme[] }>('/api/hotel-themes').then((answer) => answer.themes),
  explore: (form: Record<string, string>, language: PlaceLanguage, signal?: AbortSignal) =>
    apiGet<ExplorerAnswer>(`/api/explorer?${new URLSearchParams({ ...form, lang: language }).toString()}`, signal ? { signal } : {}).then(
      (answer): Explored => ({ ...answer.result, today: answer.today, names: answer.names }),
    ),
};
