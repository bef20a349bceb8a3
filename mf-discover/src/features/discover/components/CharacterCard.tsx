import { memo, useContext } from 'react';
import styled from 'styled-components';
import { cardText, type CharacterSummary } from '@lakorn/contracts/web';
import { Icon, IconButton, lineClamp, Spinner, theme, useImageFallback, VisuallyHidden } from '@lakorn/ui';
import { useSession } from '@lakorn/shell-sdk';
import { useLike } from '../api';
import { CATEGORY_TEXT, DISCOVER_TEXT } from '../messages';
import { CardMenu } from './CardMenu';
import { characterPath, DrawnOnServer } from './firstScreen';

const Card = styled.article`
  position: relative;
  display: flex;
  flex-direction: column;
  min-width: 0;
  background: ${theme.color.surface};
  border: 1px solid ${theme.color.border};
  border-radius: ${theme.radius.lg};
  overflow: hidden;
  /* A card below the screen is not laid out or painted until it nears it (the grid draws 20 at
     once, a phone shows two); its last drawn height holds its place, else a card's usual one. */
  content-visibility: auto;
  contain-intrinsic-block-size: auto 360px;
`;

// The card opens a chat wherever it is tapped, but the button holds only the name, so what a
// screen reader or voice control calls it ("เปิดแชทกับ {name}") contains all its visible text
// (WCAG 2.5.3 label in name); its ::after stretches over the card.
const Open = styled.button`
  display: block;
  width: 100%;
  padding: 0;
  border: none;
  background: none;
  color: inherit;
  font: inherit;
  text-align: left;
  cursor: pointer;
  text-decoration: none;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
  &::after { content: ''; position: absolute; inset: 0; }
  &:disabled { cursor: progress; }
  &:focus-visible { outline: none; }
  &:focus-visible::after { outline: 2px solid ${theme.color.primary}; outline-offset: -2px; border-radius: ${theme.radius.lg}; }
`;

/**
 * A character's picture at 3:4, or the first letter of its name over the brand gradient when it has
 * none (spec §7 image fallbacks, CardPicture): the grid's cards and the popular row's tiles.
 */
export const PictureFrame = styled.span`
  position: relative;
  display: flex;
  align-items: center;
  justify-content: center;
  aspect-ratio: 3 / 4;
  background: linear-gradient(160deg, #5b3a6e, ${theme.color.primaryFill});
  color: #fff;
  font-weight: 700;
  img { position: absolute; inset: 0; width: 100%; height: 100%; object-fit: cover; }
`;

/** Over a picture while its character's chat opens (a spinner inside). */
export const PictureBusy = styled.span`
  position: absolute;
  inset: 0;
  display: flex;
  align-items: center;
  justify-content: center;
  background: rgba(15, 13, 19, 0.55);
`;

const Picture = styled(PictureFrame)`
  font-size: 44px;
`;

const Genre = styled.span`
  position: absolute;
  top: 8px;
  left: 8px;
  padding: 2px 8px;
  border-radius: ${theme.radius.pill};
  background: rgba(15, 13, 19, 0.72);
  color: ${theme.color.text};
  font-size: ${theme.font.size.xs};
  font-weight: 600;
`;

const Body = styled.span`
  display: flex;
  flex-direction: column;
  gap: 4px;
  padding: 10px 12px 4px;
  min-width: 0;
`;

const Name = styled.span`
  font-weight: 700;
  font-size: ${theme.font.size.md};
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
`;

const Text = styled.span`
  color: ${theme.color.muted};
  font-size: ${theme.font.size.sm};
  line-height: 1.5;
  min-height: 3em;
  ${lineClamp(2)}
  overflow-wrap: anywhere;
`;

const Creator = styled.span`
  color: ${theme.color.faint};
  font-size: ${theme.font.size.xs};
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
`;

const Footer = styled.div`
  position: relative;
  z-index: 1;
  display: flex;
  align-items: center;
  justify-content: space-between;
  padding: 2px 6px 8px 8px;
`;

const Actions = styled.span`
  display: flex;
  align-items: center;
`;

const LikeButton = styled.button<{ $liked: boolean }>`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  min-height: 36px;
  padding: 0 10px;
  border: none;
  border-radius: ${theme.radius.pill};
  background: ${(p) => (p.$liked ? 'rgba(232, 83, 122, 0.16)' : 'transparent')};
  color: ${(p) => (p.$liked ? theme.color.primary : theme.color.muted)};
  font-size: ${theme.font.size.sm};
  font-weight: 600;
  font-variant-numeric: tabular-nums;
  &:disabled { opacity: 1; cursor: default; }
`;

/**
 * How wide a grid card's picture is drawn: half the page (at most 480 px) less its 16 px sides and
 * the 12 px gap (DiscoverPage's Grid), so the browser picks the card-sized variant it needs.
 */
export const GRID_PICTURE_SIZES = '(max-width: 480px) calc(50vw - 22px), 218px';

/** A character's picture, or the first letter of its name when it has none (spec §7 image fallbacks); the grid's and the popular row's. */
export function CardPicture({ character, firstRow = false, sizes = GRID_PICTURE_SIZES }: { character: CharacterSummary; firstRow?: boolean; sizes?: string }) {
  const image = useImageFallback(character.profileUrl);
  const letter = Array.from(character.name.trim())[0] ?? '?';
  if (!image.src) return <span aria-hidden>{letter}</span>;
  // The first row's pictures are the page's largest paint on a phone: fetched at once and first,
  // never held back by lazy loading (the rest load as they near the screen).
  return firstRow ? (
    <img src={image.src} srcSet={image.srcSet} sizes={sizes} alt="" fetchPriority="high" onError={image.onError} />
  ) : (
    <img src={image.src} srcSet={image.srcSet} sizes={sizes} alt="" loading="lazy" onError={image.onError} />
  );
}

export interface CharacterCardProps {
  character: CharacterSummary;
  onStart: (id: string) => void;
  starting: boolean;
  disabled: boolean;
  /** On the grid's first row (see DISCOVER_FIRST_ROW): its picture is loaded eagerly. */
  firstRow?: boolean;
}

/**
 * spec §2 card: picture, name, the description (public) or personality preview, like and chat.
 * Memoised: the page draws itself again as each of its reads arrives (the popular row, the rest of
 * the grid, every further page of 20 as the member scrolls), and the cards already shown, whose
 * props did not change, are not drawn again with it.
 */
export const CharacterCard = memo(function CharacterCard({ character, onStart, starting, disabled, firstRow = false }: CharacterCardProps) {
  const { liked, count, like } = useLike(character);
  // A member reports others' characters, not their own.
  const own = useSession().profile?.id === character.userId;
  const drawn = useContext(DrawnOnServer);
  return (
    <Card aria-label={character.name}>
      <Picture>
        <CardPicture character={character} firstRow={firstRow} />
        <Genre>{CATEGORY_TEXT[character.genre]}</Genre>
        {starting ? (
          <PictureBusy>
            <Spinner />
          </PictureBusy>
        ) : null}
      </Picture>
      <Body>
        <Name>
          {drawn ? (
            // Out of the tab order: the drawn screen is hidden from assistive technology (the app's page is read).
            <Open as="a" href={characterPath(character.id)} tabIndex={-1}>
              {character.name}
            </Open>
          ) : (
            <Open type="button" onClick={() => onStart(character.id)} disabled={disabled} aria-label={DISCOVER_TEXT.openCharacter(character.name)}>
              {character.name}
            </Open>
          )}
        </Name>
        <Text>{cardText(character)}</Text>
        {character.creatorUsername ? <Creator>{DISCOVER_TEXT.by(character.creatorUsername)}</Creator> : null}
      </Body>
      <Footer>
        {/* Named by its content, "ถูกใจ (2)", not an aria-label: the spoken name then holds the visible count (WCAG 2.5.3). */}
        <LikeButton type="button" $liked={liked} aria-pressed={liked} disabled={liked} onClick={() => void like()}>
          <Icon name="heart" size={18} filled={liked} />
          <VisuallyHidden>{`${liked ? DISCOVER_TEXT.liked : DISCOVER_TEXT.like} (${count})`}</VisuallyHidden>
          <span aria-hidden>{count}</span>
        </LikeButton>
        <Actions>
          <IconButton type="button" $size={36} onClick={() => onStart(character.id)} disabled={disabled} aria-label={DISCOVER_TEXT.chatWith(character.name)}>
            <Icon name="chat" size={18} />
          </IconButton>
          {own ? null : <CardMenu character={character} />}
        </Actions>
      </Footer>
    </Card>
  );
});
