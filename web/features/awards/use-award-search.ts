import { useEffect, useState } from 'react';
import type { SearchAlliance } from '../../../core/awards/search.ts';
import { ApiRequestError } from '../../lib/api-client.ts';
import {
  awardsApi,
  type PlaceLanguage,
  type SearchAnswer,
  type SearchEvent,
} from './awards-api.ts';

export type AllianceProgress = 'scanning' | 'done' | 'down';

export interface SearchState {
  /**
   * The states of docs/product/award-search.md#states-and-messages: searching (asked, nothing heard
   * yet), scanning (alliances reporting), done (results or none), failed (the search's own error),
   * lost (the connection to the search broke).
   */
  phase: 'searching' | 'scanning' | 'done' | 'failed' | 'lost';
  alliances: Partial<Record<SearchAlliance, { state: AllianceProgress; found?: number }>>;
  answer: SearchAnswer | null;
  /** The error name of a failed search (SEARCH_TIMEOUT, SEARCH_UNAVAILABLE, INTERNAL, …). */
  error: string | null;
}

const EVENT_TYPES = ['scanning', 'alliance-done', 'alliance-down', 'done'] as const;
/** Stream errors tolerated (the browser reconnects) before falling back to asking for the result. */
const STREAM_RETRIES = 3;
const POLL_MS = 1000;
const POLL_LIMIT = 60;

/**
 * Follows a search: its progress as server-sent events, then its stored result. A stream that
 * keeps failing falls back to reading the result; when that fails too the connection is lost.
 */
export function useAwardSearch(id: string | null, language: PlaceLanguage): SearchState {
  const [state, setState] = useState<SearchState>({
    phase: 'searching',
    alliances: {},
    answer: null,
    error: null,
  });

  useEffect(() => {
    if (!id) {
      setState({ phase: 'failed', alliances: {}, answer: null, error: 'NOT_FOUND' });
      return;
    }
    let stopped = false;
    let stream: EventSource | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    setState({ phase: 'searching', alliances: {}, answer: null, error: null });

    const finish = (answer: SearchAnswer) => {
      if (stopped) return;
      setState((current) => ({
        ...current,
        phase: answer.status === 'failed' ? 'failed' : 'done',
        answer,
        error: answer.error,
      }));
    };
    const fail = (error: unknown) => {
      if (stopped) return;
      if (error instanceof ApiRequestError && error.body)
        setState((current) => ({
          ...current,
          phase: 'failed',
          error: error.body?.error ?? 'INTERNAL',
        }));
      else setState((current) => ({ ...current, phase: 'lost' }));
    };
    const poll = (attempt: number) => {
      awardsApi
        .search(id, language)
        .then((answer) => {
          if (answer.status !== 'searching') finish(answer);
          else if (attempt >= POLL_LIMIT) fail(new ApiRequestError(0, null, true));
          else timer = setTimeout(() => poll(attempt + 1), POLL_MS);
        })
        .catch(fail);
    };

    const listen = () => {
      let errors = 0;
      stream = awardsApi.events(id);
      const onEvent = (message: MessageEvent<string>) => {
        const event = JSON.parse(message.data) as SearchEvent;
        if (event.type === 'done') {
          stream?.close();
          poll(0);
          return;
        }
        const progress: AllianceProgress =
          event.type === 'scanning' ? 'scanning' : event.type === 'alliance-done' ? 'done' : 'down';
        setState((current) => ({
          ...current,
          phase: current.phase === 'searching' ? 'scanning' : current.phase,
          alliances: {
            ...current.alliances,
            [event.alliance]: {
              state: progress,
              ...(event.type === 'alliance-done' ? { found: event.found } : {}),
            },
          },
        }));
      };
      for (const type of EVENT_TYPES) stream.addEventListener(type, onEvent as EventListener);
      stream.onerror = () => {
        errors += 1;
        if (errors >= STREAM_RETRIES || stream?.readyState === EventSource.CLOSED) {
          stream?.close();
          poll(0);
        }
      };
    };

    // The stored search first, for what was asked; then its progress. A search that finished
    // moments ago still replays its progress (the server keeps it for ten minutes), an older one
    // answers "done" at once.
    awardsApi
      .search(id, language)
      .then((answer) => {
        if (stopped) return;
        setState((current) => ({ ...current, answer: { ...answer, status: 'searching' } }));
        listen();
      })
      .catch(fail);

    return () => {
      stopped = true;
      stream?.close();
      clearTimeout(timer);
    };
  }, [id, language]);

  return state;
}
