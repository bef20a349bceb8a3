import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { CATEGORY_IDS, DISCOVER_SORT_LABELS, DISCOVER_SORTS, SEARCH_QUERY_MAX, type CategoryId, type DiscoverSort } from '@lakorn/contracts/web';
import { releaseFirstScreen, useSession } from '@lakorn/shell-sdk';
import { Button, CoinBadge, EmptyState, ErrorState, Icon, IconButton, Input, LoadingState, Page, PageHeader, SectionTitle, Spinner, theme } from '@lakorn/ui';
import { useDiscoverList, useStartChat } from '../api';
import { CATEGORY_TEXT, DISCOVER_TEXT } from '../messages';
import { CharacterCard } from './CharacterCard';
import { useFirstScreenFirst } from './firstScreen';
import { PopularRow } from './PopularRow';

const SEARCH_DEBOUNCE_MS = 300;

const Search = styled.div`
  position: relative;
  margin: 4px 0 12px;
  & > svg { position: absolute; left: 14px; top: 50%; transform: translateY(-50%); color: ${theme.color.faint}; pointer-events: none; }
  input { padding-left: 42px; padding-right: 44px; }
  input::-webkit-search-cancel-button { -webkit-appearance: none; appearance: none; }
  & > button { position: absolute; right: 4px; top: 50%; transform: translateY(-50%); color: ${theme.color.muted}; }
`;

const Categories = styled.div`
  display: flex;
  gap: 8px;
  overflow-x: auto;
  margin: 0 -16px 16px;
  padding: 0 16px 4px;
  scrollbar-width: none;
  &::-webkit-scrollbar { display: none; }
`;

const Category = styled.button<{ $active: boolean }>`
  flex: none;
  min-height: 36px;
  padding: 0 16px;
  border-radius: ${theme.radius.pill};
  border: 1px solid ${(p) => (p.$active ? theme.color.primaryFill : theme.color.border)};
  background: ${(p) => (p.$active ? theme.color.primaryFill : theme.color.surface2)};
  color: ${(p) => (p.$active ? theme.color.primaryText : theme.color.text)};
  font-size: ${theme.font.size.sm};
  font-weight: 600;
`;

const Sorts = styled.div`
  display: flex;
  align-items: center;
  gap: 6px;
  overflow-x: auto;
  margin: 0 -16px 12px;
  padding: 0 16px 4px;
  scrollbar-width: none;
  &::-webkit-scrollbar { display: none; }
`;

const SortLabel = styled.span`
  flex: none;
  color: ${theme.color.muted};
  font-size: ${theme.font.size.xs};
  font-weight: 600;
`;

const Sort = styled.button<{ $active: boolean }>`
  flex: none;
  min-height: 36px;
  padding: 0 12px;
  border-radius: ${theme.radius.pill};
  border: none;
  background: ${(p) => (p.$active ? 'rgba(232, 83, 122, 0.16)' : 'transparent')};
  color: ${(p) => (p.$active ? theme.color.primary : theme.color.muted)};
  font-size: ${theme.font.size.sm};
  font-weight: 600;
`;

/** The grid's columns on a phone: its first row is what the page opens on. */
const DISCOVER_FIRST_ROW = 2;
/** The cards a phone shows before scrolling (two rows under the search, the categories and the popular row). */
const FIRST_SCREEN_CARDS = 2 * DISCOVER_FIRST_ROW;

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(${DISCOVER_FIRST_ROW}, minmax(0, 1fr));
  gap: 12px;
`;

const More = styled.div`
  display: flex;
  justify-content: center;
  padding: 20px 0 8px;
`;

/** spec §2 "Discover / home" (/). */
export function DiscoverPage() {
  const navigate = useNavigate();
  const { profile } = useSession();
  const [category, setCategory] = useState<CategoryId>('all');
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  // spec §2's random order unless the member picks another (the sort switch above the grid).
  const [sort, setSort] = useState<DiscoverSort>('random');
  const list = useDiscoverList(category, q, sort);
  // The answer is drawn at a deferred priority: SWR hands it over as a synchronous update, which
  // React would draw in one long task; deferred, React draws it in slices (bench/README.md
  // "lighthouse"). The grid's first screen still comes first (useFirstScreenFirst).
  const answer = useDeferredValue(useMemo(() => ({ loading: list.loading, failed: list.failed, characters: list.characters }), [list.loading, list.failed, list.characters]));
  const grid = useFirstScreenFirst(answer.characters, FIRST_SCREEN_CARDS);
  const { start, starting } = useStartChat();
  // One function for every card, so the memoised cards are not drawn again for a new one.
  const onStart = useCallback((id: string) => void start(id), [start]);
  const sentinel = useRef<HTMLDivElement>(null);

  // The first screen the gateway drew stays over the page until the page shows the same: the
  // grid's answer and the popular row's, both drawn (README "First screen from the server").
  const shown = useRef({ grid: false, row: false });
  const releaseOnceShown = useCallback((part: 'grid' | 'row') => {
    shown.current[part] = true;
    if (shown.current.grid && shown.current.row) releaseFirstScreen();
  }, []);
  const onRowSettled = useCallback(() => releaseOnceShown('row'), [releaseOnceShown]);
  useEffect(() => {
    if (!answer.loading) releaseOnceShown('grid');
  }, [answer.loading, releaseOnceShown]);

  useEffect(() => {
    const timer = setTimeout(() => setQ(typed.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed]);

  // Further pages load as the end of the grid comes near (the button stays for keyboards); not
  // while only the first screen's cards are drawn, whose end is always near.
  const hasMore = list.hasMore && grid.complete;
  const { loadMore } = list;
  useEffect(() => {
    const target = sentinel.current;
    if (!target || !hasMore || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) loadMore();
    }, { rootMargin: '400px' });
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasMore, loadMore]);

  return (
    <Page>
      <PageHeader
        title={DISCOVER_TEXT.title}
        actions={
          <>
            {profile ? <CoinBadge coins={profile.coins} compact /> : null}
            <IconButton $tone="primary" aria-label={DISCOVER_TEXT.addCharacter} onClick={() => navigate('/create-character')}>
              <Icon name="plus" />
            </IconButton>
          </>
        }
      />
      <Search>
        <Icon name="search" size={18} />
        <Input type="search" value={typed} onChange={(e) => setTyped(e.target.value)} placeholder={DISCOVER_TEXT.searchPlaceholder} aria-label={DISCOVER_TEXT.searchLabel} maxLength={SEARCH_QUERY_MAX} enterKeyHint="search" />
        {typed ? (
          <IconButton $size={36} aria-label={DISCOVER_TEXT.clearSearch} onClick={() => setTyped('')}>
            <Icon name="close" size={16} />
          </IconButton>
        ) : null}
      </Search>
      <Categories role="group" aria-label={DISCOVER_TEXT.categories}>
        {CATEGORY_IDS.map((id) => (
          <Category key={id} type="button" $active={category === id} aria-pressed={category === id} onClick={() => setCategory(id)}>
            {CATEGORY_TEXT[id]}
          </Category>
        ))}
      </Categories>
      {/* While searching the grid is the answer: the row would only push it down. */}
      {q ? null : <PopularRow genre={category} onStart={onStart} starting={starting} onSettled={onRowSettled} />}
      <SectionTitle>{sort === 'random' ? DISCOVER_TEXT.recommended : DISCOVER_SORT_LABELS[sort]}</SectionTitle>
      <Sorts role="group" aria-label={DISCOVER_TEXT.sortBy}>
        <SortLabel aria-hidden>{DISCOVER_TEXT.sortBy}</SortLabel>
        {DISCOVER_SORTS.map((id) => (
          <Sort key={id} type="button" $active={sort === id} aria-pressed={sort === id} onClick={() => setSort(id)}>
            {DISCOVER_SORT_LABELS[id]}
          </Sort>
        ))}
      </Sorts>
      {answer.loading ? (
        <LoadingState message={DISCOVER_TEXT.loading} />
      ) : answer.failed ? (
        <ErrorState message={DISCOVER_TEXT.loadFailed} onRetry={list.retry} />
      ) : answer.characters.length === 0 ? (
        <EmptyState icon="search" title={DISCOVER_TEXT.empty}>
          {q || category !== 'all' ? DISCOVER_TEXT.emptySearch : DISCOVER_TEXT.emptyAll}
        </EmptyState>
      ) : (
        <>
          <Grid>
            {grid.shown.map((character, index) => (
              <CharacterCard
                key={character.id}
                character={character}
                onStart={onStart}
                starting={starting === character.id}
                disabled={starting !== null}
                firstRow={index < DISCOVER_FIRST_ROW}
              />
            ))}
          </Grid>
          <div ref={sentinel} />
          {hasMore ? (
            <More>
              {list.loadingMore ? (
                <Spinner />
              ) : list.moreFailed ? (
                <ErrorState message={DISCOVER_TEXT.loadMoreFailed} onRetry={list.loadMore} />
              ) : (
                <Button $variant="secondary" onClick={list.loadMore}>
                  {DISCOVER_TEXT.loadMore}
                </Button>
              )}
            </More>
          ) : null}
        </>
      )}
    </Page>
  );
}
