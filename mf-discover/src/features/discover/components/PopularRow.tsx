import { memo, useDeferredValue, useMemo } from 'react';
import styled from 'styled-components';
import type { CategoryId } from '@lakorn/contracts/web';
import { Button, Icon, SectionTitle, Spinner, theme, VisuallyHidden } from '@lakorn/ui';
import { usePopularNow } from '../api';
import { CardPicture } from './CharacterCard';
import { useFirstScreenFirst } from './firstScreen';
import { DISCOVER_TEXT } from '../messages';

// "Popular now" above the grid: the characters most members chatted with in the last 7 days, a
// horizontal row a thumb scrolls through; tapping one starts a chat, as a card does (spec §2).

const Row = styled.ol`
  display: flex;
  gap: 10px;
  overflow-x: auto;
  margin: 0 -16px 16px;
  padding: 0 16px 4px;
  list-style: none;
  scroll-snap-type: x proximity;
  scroll-padding-inline: 16px;
  scrollbar-width: none;
  &::-webkit-scrollbar { display: none; }
`;

/** A popular tile's width (px), its picture's too. */
const TILE_WIDTH = 112;

const Tile = styled.li`
  flex: none;
  width: ${TILE_WIDTH}px;
  scroll-snap-align: start;
`;

const Open = styled.button`
  display: flex;
  flex-direction: column;
  gap: 6px;
  width: 100%;
  padding: 0;
  border: none;
  background: none;
  color: inherit;
  font: inherit;
  text-align: left;
  cursor: pointer;
  &:disabled { cursor: progress; }
  &:focus-visible { outline: 2px solid ${theme.color.primary}; outline-offset: 2px; border-radius: ${theme.radius.md}; }
`;

const Picture = styled.span`
  position: relative;
  display: flex;
  align-items: center;
  justify-content: center;
  width: 100%;
  aspect-ratio: 3 / 4;
  border-radius: ${theme.radius.md};
  overflow: hidden;
  background: linear-gradient(160deg, #5b3a6e, ${theme.color.primaryFill});
  color: #fff;
  font-size: 32px;
  font-weight: 700;
  img { position: absolute; inset: 0; width: 100%; height: 100%; object-fit: cover; }
`;

const Rank = styled.span`
  position: absolute;
  left: 6px;
  bottom: 6px;
  min-width: 24px;
  padding: 1px 7px;
  border-radius: ${theme.radius.pill};
  background: rgba(15, 13, 19, 0.78);
  color: ${theme.color.text};
  font-size: ${theme.font.size.xs};
  font-weight: 700;
  text-align: center;
`;

const Busy = styled.span`
  position: absolute;
  inset: 0;
  display: flex;
  align-items: center;
  justify-content: center;
  background: rgba(15, 13, 19, 0.55);
`;

const Name = styled.span`
  font-size: ${theme.font.size.sm};
  font-weight: 600;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
`;

// While the row loads: tiles of its own size, so the grid below does not move down when it
// arrives (a layout shift, Lighthouse's CLS; a member about to tap a card would hit another).
const Placeholder = styled(Picture)`
  background: ${theme.color.surface2};
`;

/** How many placeholder tiles the loading row draws: as many as a phone shows before it is scrolled. */
const PLACEHOLDER_TILES = 4;

const Note = styled.div`
  display: flex;
  align-items: center;
  gap: 10px;
  min-height: 56px;
  margin-bottom: 16px;
  color: ${theme.color.muted};
  font-size: ${theme.font.size.sm};
`;

export interface PopularRowProps {
  genre: CategoryId;
  onStart: (id: string) => void;
  /** The character whose chat is being opened (its tile shows a spinner). */
  starting: string | null;
}

/** spec §2 "popular now": memoised as the grid's cards are (CharacterCard). */
export const PopularRow = memo(function PopularRow({ genre, onStart, starting }: PopularRowProps) {
  const now = usePopularNow(genre);
  // Drawn at a deferred priority, in slices, as the grid is (DiscoverPage).
  const popular = useDeferredValue(useMemo(() => ({ loading: now.loading, failed: now.failed, characters: now.characters }), [now.loading, now.failed, now.characters]));
  // A phone shows three tiles and part of a fourth before the row is scrolled.
  const tiles = useFirstScreenFirst(popular.characters, 4);
  return (
    <section aria-label={DISCOVER_TEXT.popularNow}>
      <SectionTitle>{DISCOVER_TEXT.popularNow}</SectionTitle>
      {popular.loading ? (
        <div role="status">
          <VisuallyHidden>{DISCOVER_TEXT.popularLoading}</VisuallyHidden>
          <Row aria-hidden>
            {Array.from({ length: PLACEHOLDER_TILES }, (_, i) => (
              <Tile key={i}>
                <Open as="span">
                  <Placeholder />
                  <Name>{'\u00a0'}</Name>
                </Open>
              </Tile>
            ))}
          </Row>
        </div>
      ) : popular.failed ? (
        <Note role="alert">
          <Icon name="alert" size={18} /> {DISCOVER_TEXT.popularFailed}
          <Button $variant="secondary" $size="sm" onClick={now.retry}>
            {DISCOVER_TEXT.retry}
          </Button>
        </Note>
      ) : popular.characters.length === 0 ? (
        <Note>{DISCOVER_TEXT.popularEmpty}</Note>
      ) : (
        <Row>
          {tiles.shown.map((character, index) => (
            <Tile key={character.id}>
              {/* Named by its content, "อันดับ 1 ชื่อ", not an aria-label: the spoken name then holds
                  the visible rank and name (WCAG 2.5.3 label in name), as the grid's cards are. */}
              <Open type="button" onClick={() => onStart(character.id)} disabled={starting !== null}>
                <Picture>
                  <CardPicture character={character} sizes={`${TILE_WIDTH}px`} />
                  <Rank>
                    <VisuallyHidden>{DISCOVER_TEXT.popularRankWord} </VisuallyHidden>
                    {index + 1}
                  </Rank>
                  {starting === character.id ? (
                    <Busy>
                      <Spinner />
                    </Busy>
                  ) : null}
                </Picture>{' '}
                <Name>{character.name}</Name>
              </Open>
            </Tile>
          ))}
        </Row>
      )}
    </section>
  );
});
