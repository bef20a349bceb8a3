import { memo, useContext, useDeferredValue, useEffect, useMemo, type ReactNode } from 'react';
import styled from 'styled-components';
import type { CategoryId } from '@lakorn/contracts/web';
import { Button, Icon, SectionTitle, Spinner, theme, VisuallyHidden } from '@lakorn/ui';
import { usePopularNow } from '../api';
import { CardPicture, PictureBusy, PictureFrame } from './CharacterCard';
import { characterPath, DrawnOnServer, useFirstScreenFirst } from './firstScreen';
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
  text-decoration: none;
  cursor: pointer;
  &:disabled { cursor: progress; }
  &:focus-visible { outline: 2px solid ${theme.color.primary}; outline-offset: 2px; border-radius: ${theme.radius.md}; }
`;

const Picture = styled(PictureFrame)`
  width: 100%;
  border-radius: ${theme.radius.md};
  overflow: hidden;
  font-size: 32px;
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

const Name = styled.span`
  font-size: ${theme.font.size.sm};
  font-weight: 600;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
`;

// Until the row has characters to show (loading, failed, none yet): tiles of its own size with
// what to say over them, so the grid below never moves when the answer arrives (a layout shift,
// Lighthouse's CLS; a member about to tap a card would hit another).
const Stage = styled.div`
  position: relative;
`;

const Placeholder = styled(Picture)`
  background: ${theme.color.surface2};
`;

const Note = styled.div`
  position: absolute;
  inset: 0 16px 16px;
  display: flex;
  align-items: center;
  justify-content: center;
`;

const Message = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: center;
  gap: 10px;
  max-width: 100%;
  padding: 10px 16px;
  border: 1px solid ${theme.color.border};
  border-radius: ${theme.radius.md};
  background: ${theme.color.surface};
  box-shadow: ${theme.shadow};
  color: ${theme.color.muted};
  font-size: ${theme.font.size.sm};
  text-align: center;
`;

/** The tiles a phone shows before the row is scrolled (three and part of a fourth): drawn first, and as placeholders. */
const FIRST_SCREEN_TILES = 4;

/** The row's place, held by placeholder tiles, with `children` (a message, a retry) over them. */
function RowPlace({ role, children }: { role?: 'status' | 'alert'; children: ReactNode }) {
  return (
    <Stage>
      <Row aria-hidden>
        {Array.from({ length: FIRST_SCREEN_TILES }, (_, i) => (
          <Tile key={i}>
            <Open as="span">
              <Placeholder />
              <Name>{'\u00a0'}</Name>
            </Open>
          </Tile>
        ))}
      </Row>
      <Note role={role}>
        <Message>{children}</Message>
      </Note>
    </Stage>
  );
}

export interface PopularRowProps {
  genre: CategoryId;
  onStart: (id: string) => void;
  /** The character whose chat is being opened (its tile shows a spinner). */
  starting: string | null;
  /** Called once the row has drawn its answer: its characters, its failure or its empty state. */
  onSettled?: () => void;
}

/** spec §2 "popular now": memoised as the grid's cards are (CharacterCard). */
export const PopularRow = memo(function PopularRow({ genre, onStart, starting, onSettled }: PopularRowProps) {
  const now = usePopularNow(genre);
  // Drawn at a deferred priority, in slices, as the grid is (DiscoverPage).
  const popular = useDeferredValue(useMemo(() => ({ loading: now.loading, failed: now.failed, characters: now.characters }), [now.loading, now.failed, now.characters]));
  const tiles = useFirstScreenFirst(popular.characters, FIRST_SCREEN_TILES);
  const settled = !popular.loading;
  const drawn = useContext(DrawnOnServer);
  useEffect(() => {
    if (settled) onSettled?.();
  }, [settled, onSettled]);
  return (
    <section aria-label={DISCOVER_TEXT.popularNow}>
      <SectionTitle>{DISCOVER_TEXT.popularNow}</SectionTitle>
      {popular.loading ? (
        <RowPlace role="status">
          <Spinner /> {DISCOVER_TEXT.popularLoading}
        </RowPlace>
      ) : popular.failed ? (
        <RowPlace role="alert">
          <Icon name="alert" size={18} /> {DISCOVER_TEXT.popularFailed}
          <Button $variant="secondary" $size="sm" onClick={now.retry}>
            {DISCOVER_TEXT.retry}
          </Button>
        </RowPlace>
      ) : popular.characters.length === 0 ? (
        <RowPlace>{DISCOVER_TEXT.popularEmpty}</RowPlace>
      ) : (
        <Row>
          {tiles.shown.map((character, index) => {
            const content = (
              <>
                <Picture>
                  <CardPicture character={character} sizes={`${TILE_WIDTH}px`} />
                  <Rank>
                    <VisuallyHidden>{DISCOVER_TEXT.popularRankWord} </VisuallyHidden>
                    {index + 1}
                  </Rank>
                  {starting === character.id ? (
                    <PictureBusy>
                      <Spinner />
                    </PictureBusy>
                  ) : null}
                </Picture>{' '}
                <Name>{character.name}</Name>
              </>
            );
            return (
              <Tile key={character.id}>
                {/* Named by its content, "อันดับ 1 ชื่อ", not an aria-label: the spoken name then holds
                    the visible rank and name (WCAG 2.5.3 label in name), as the grid's cards are. On
                    the server-drawn screen, a link to the character (DrawnOnServer). */}
                {drawn ? (
                  <Open as="a" href={characterPath(character.id)} tabIndex={-1}>
                    {content}
                  </Open>
                ) : (
                  <Open type="button" onClick={() => onStart(character.id)} disabled={starting !== null}>
                    {content}
                  </Open>
                )}
              </Tile>
            );
          })}
        </Row>
      )}
    </section>
  );
});
