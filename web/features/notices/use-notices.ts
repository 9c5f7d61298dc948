import { useCallback, useEffect, useState } from 'react';
import type { NoticeView } from '../../../core/notices.ts';
import { apiGet, apiSend } from '../../lib/api-client.ts';

interface Listed {
  notices: NoticeView[];
  unread: number;
}

export interface NoticesState {
  notices: NoticeView[];
  unread: number;
  /** The list could not be read (the bell shows it and offers nothing to mark). */
  failed: boolean;
  loaded: boolean;
  /** The live stream is open (it reopens by itself after a break). */
  live: boolean;
  markAllRead(): Promise<void>;
  markRead(id: number): Promise<void>;
}

/**
 * The member's notices, kept live (docs/notices.md#live-stream): the list once, then the server's
 * event stream from the newest id seen. The browser reconnects by itself and sends the last id it
 * got, so a tab that slept or lost the network gets what it missed.
 */
export function useNotices(): NoticesState {
  const [listed, setListed] = useState<Listed>({ notices: [], unread: 0 });
  const [failed, setFailed] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const [live, setLive] = useState(false);

  const reload = useCallback(async () => {
    try {
      setListed(await apiGet<Listed>('/api/notices'));
      setFailed(false);
    } catch {
      setFailed(true);
    }
  }, []);

  useEffect(() => {
    let source: EventSource | null = null;
    let stopped = false;
    void (async () => {
      let newest = 0;
      try {
        const first = await apiGet<Listed>('/api/notices');
        if (stopped) return;
        setListed(first);
        newest = first.notices[0]?.id ?? 0;
      } catch {
        if (stopped) return;
        setFailed(true);
      }
      setLoaded(true);
      if (typeof EventSource === 'undefined') return;
      source = new EventSource(`/api/notices/stream?after=${newest}`);
      source.addEventListener('open', () => setLive(true));
      source.addEventListener('error', () => setLive(false));
      source.addEventListener('notice', (event) => {
        const notice = JSON.parse((event as MessageEvent<string>).data) as NoticeView;
        setListed((now) =>
          now.notices.some((known) => known.id === notice.id)
            ? now
            : { notices: [notice, ...now.notices].slice(0, 50), unread: now.unread + 1 },
        );
      });
      // Read in another tab: the list is read again for its read marks.
      source.addEventListener('read', () => void reload());
    })();
    return () => {
      stopped = true;
      source?.close();
    };
  }, [reload]);

  const mark = useCallback(
    async (body: { all: true } | { ids: number[] }) => {
      const ids = 'ids' in body ? new Set(body.ids) : null;
      setListed((now) => ({
        notices: now.notices.map((notice) =>
          !ids || ids.has(notice.id) ? { ...notice, read: true } : notice,
        ),
        unread: ids
          ? now.notices.filter((notice) => !notice.read && !ids.has(notice.id)).length
          : 0,
      }));
      try {
        const { unread } = await apiSend<{ unread: number }>('POST', '/api/notices/read', body);
        setListed((now) => ({ ...now, unread }));
      } catch {
        await reload();
      }
    },
    [reload],
  );

  return {
    ...listed,
    failed,
    loaded,
    live,
    markAllRead: () => mark({ all: true }),
    markRead: (id) => mark({ ids: [id] }),
  };
}
