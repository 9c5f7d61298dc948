import { Anchor, Box } from '@mantine/core';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import type { SearchHit } from '../../core/search.ts';
import { Marked } from '../components/marked-text.tsx';
import { apiGet } from '../lib/api-client.ts';
import { useAppState } from '../lib/app-context.tsx';
import { useTranslation } from '../lib/translation.tsx';
import classes from './site-header.module.css';

/** How long typing pauses before the box asks for suggestions: one request per pause, not per key. */
const PAUSE_MS = 150;

const searchPath = (q: string) => `/search?${new URLSearchParams({ q }).toString()}`;

function MagnifierIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M15.5 15.5 21 21" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

/**
 * The header's search box (docs/search.md#the-header-box): suggestions from the site index as the
 * visitor types, chosen with the arrow keys and Enter or the pointer; Enter with none chosen, or
 * the form without scripts, opens /search. On narrow screens it is a link to /search.
 */
export function HeaderSearch() {
  const { t } = useTranslation();
  const { language } = useAppState();
  const navigate = useNavigate();
  const listId = useId();
  const [q, setQ] = useState('');
  const [hits, setHits] = useState<SearchHit[]>([]);
  const [active, setActive] = useState(-1);
  const [open, setOpen] = useState(false);
  const asked = useRef(0);

  useEffect(() => {
    const words = q.trim();
    if (!words) return;
    const ask = ++asked.current;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      apiGet<{ hits: SearchHit[] }>(
        `/api/search/suggest?${new URLSearchParams({ q: words, lang: language === 'ja' ? 'en' : language }).toString()}`,
        { signal: controller.signal },
      )
        .then((answer) => {
          // Only the answer to the latest words shows.
          if (ask !== asked.current) return;
          setHits(answer.hits);
          setActive(-1);
        })
        .catch(() => {
          // Suggestions are a help: without them the form still searches.
        });
    }, PAUSE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [q, language]);

  const shown = open && q.trim() !== '' && hits.length > 0;
  const go = (path: string) => {
    setOpen(false);
    setQ('');
    setHits([]);
    void navigate(path);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (!hits.length) return;
      event.preventDefault();
      setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (current + step + hits.length + 1) % (hits.length + 1));
    } else if (event.key === 'Escape') {
      setOpen(false);
      setActive(-1);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const hit = shown ? hits[active] : undefined;
      if (hit) go(hit.href);
      else if (q.trim()) go(searchPath(q.trim()));
    }
  };
  // Past the last suggestion the arrow comes back to the words typed (index hits.length: none chosen).
  const chosen = active >= 0 && active < hits.length ? active : -1;

  return (
    <>
      <Box
        component="form"
        role="search"
        action="/search"
        method="get"
        visibleFrom="lg"
        className={classes.search}
        onSubmit={(event) => event.preventDefault()}
      >
        <input
          type="search"
          name="q"
          className={classes.searchInput}
          value={q}
          maxLength={100}
          placeholder={t('search.placeholder')}
          aria-label={t('search.label')}
          role="combobox"
          aria-expanded={shown}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={shown && chosen >= 0 ? `${listId}-${chosen}` : undefined}
          autoComplete="off"
          data-testid="header-search"
          onChange={(event) => {
            setQ(event.currentTarget.value);
            setOpen(true);
            if (!event.currentTarget.value.trim()) setHits([]);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onKeyDown={onKeyDown}
        />
        <ul id={listId} role="listbox" className={classes.suggestions} hidden={!shown}>
          {shown &&
            hits.map((hit, index) => (
              <li
                key={hit.id}
                id={`${listId}-${index}`}
                role="option"
                aria-selected={index === chosen}
                className={classes.suggestion}
                data-testid="header-suggestion"
                // Before the input's blur closes the list.
                onMouseDown={(event) => {
                  event.preventDefault();
                  go(hit.href);
                }}
                onMouseEnter={() => setActive(index)}
              >
                <span className={classes.suggestionTitle}>
                  <Marked parts={hit.title} />
                </span>
                <span className={classes.suggestionDetail}>{hit.detail}</span>
              </li>
            ))}
        </ul>
      </Box>
      <Anchor
        component={Link}
        to="/search"
        hiddenFrom="lg"
        className={classes.searchLink}
        aria-label={t('search.label')}
        data-testid="header-search-link"
      >
        <MagnifierIcon />
      </Anchor>
    </>
  );
}
