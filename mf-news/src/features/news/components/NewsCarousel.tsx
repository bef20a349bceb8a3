import { useRef, useState, type KeyboardEvent, type PointerEvent as ReactPointerEvent } from 'react';
import styled, { css } from 'styled-components';
import { PREVIEWS, type NewsItem } from '@lakorn/contracts/web';
import { Icon, imageSrcSet, lineClamp, PAGE_WIDTH_PICTURE_SIZES, Spinner, theme, truncateText } from '@lakorn/ui';
import { useNews } from '../api';
import { NEWS_TEXT } from '../messages';
import { OpenButton } from './OpenButton';

/** A horizontal drag longer than this changes the slide. */
export const SWIPE_THRESHOLD_PX = 50;

/**
 * spec §2: a swipeable banner carousel of the news items that have an image: title, and the
 * content cut to 60 characters plus an ellipsis (at a Thai word, never inside one); dot buttons
 * pick a slide; a tap on a slide opens its item in full. Without any such item, one placeholder
 * slide says there is no news now.
 */
export function NewsCarousel({ onOpen }: { onOpen: (id: string) => void }) {
  const { data, error, isLoading } = useNews();
  const slides = (data ?? []).filter((n) => n.imageUrl);
  if (isLoading && !data) {
    return (
      <Frame aria-busy="true">
        <Centre>
          <Spinner />
        </Centre>
      </Frame>
    );
  }
  // A failed load is reported by the news list below (with its retry); no false "no news" here.
  if (error || data === null) return null;
  if (slides.length === 0) {
    return (
      <Frame aria-label={NEWS_TEXT.carouselLabel}>
        <Placeholder>
          <Icon name="news" size={28} />
          <strong>{NEWS_TEXT.noNews}</strong>
          <span>{NEWS_TEXT.noNewsHint}</span>
        </Placeholder>
      </Frame>
    );
  }
  return <Slides slides={slides} onOpen={onOpen} />;
}

/** A pointer that moved less than this between down and up tapped the slide rather than swiped it. */
const TAP_SLOP_PX = 10;

function Slides({ slides, onOpen }: { slides: NewsItem[]; onOpen: (id: string) => void }) {
  const [chosen, setChosen] = useState(0);
  const [drag, setDrag] = useState(0);
  const start = useRef<number | null>(null);
  const swiped = useRef(false);
  const index = Math.min(chosen, slides.length - 1);

  const go = (next: number) => setChosen(Math.max(0, Math.min(slides.length - 1, next)));

  const onPointerDown = (e: ReactPointerEvent<HTMLDivElement>) => {
    start.current = e.clientX;
    swiped.current = false;
    e.currentTarget.setPointerCapture?.(e.pointerId);
  };
  const onPointerMove = (e: ReactPointerEvent) => {
    if (start.current !== null) setDrag(e.clientX - start.current);
  };
  const onPointerEnd = (e: ReactPointerEvent) => {
    if (start.current === null) return;
    const dx = e.clientX - start.current;
    start.current = null;
    swiped.current = Math.abs(dx) >= TAP_SLOP_PX;
    setDrag(0);
    if (dx <= -SWIPE_THRESHOLD_PX) go(index + 1);
    else if (dx >= SWIPE_THRESHOLD_PX) go(index - 1);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'ArrowRight') go(index + 1);
    if (e.key === 'ArrowLeft') go(index - 1);
  };

  return (
    <section aria-roledescription="carousel" aria-label={NEWS_TEXT.carouselLabel} onKeyDown={onKeyDown}>
      <Frame>
        <Track
          $dragging={drag !== 0}
          style={{ transform: `translateX(calc(${-index * 100}% + ${drag}px))` }}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerEnd}
          onPointerCancel={onPointerEnd}
          aria-live="polite"
        >
          {slides.map((item, i) => (
            <Slide
              key={item.id}
              item={item}
              label={NEWS_TEXT.slideLabel(i + 1, slides.length)}
              hidden={i !== index}
              onOpen={() => {
                if (!swiped.current) onOpen(item.id);
              }}
            />
          ))}
        </Track>
      </Frame>
      {slides.length > 1 ? (
        <Dots>
          {slides.map((item, i) => (
            <Dot key={item.id} type="button" aria-label={NEWS_TEXT.goToSlide(i + 1)} aria-current={i === index ? 'true' : undefined} $active={i === index} onClick={() => go(i)} />
          ))}
        </Dots>
      ) : null}
    </section>
  );
}

function Slide({ item, label, hidden, onOpen }: { item: NewsItem; label: string; hidden: boolean; onOpen: () => void }) {
  const [broken, setBroken] = useState(false);
  return (
    <SlideBox role="group" aria-roledescription="slide" aria-label={label} aria-hidden={hidden || undefined} onClick={onOpen}>
      {broken ? null : (
        <Image src={item.imageUrl} srcSet={imageSrcSet(item.imageUrl)} sizes={PAGE_WIDTH_PICTURE_SIZES} alt="" draggable={false} onError={() => setBroken(true)} />
      )}
      <Caption>
        <h3>
          <OpenButton type="button" tabIndex={hidden ? -1 : undefined} onClick={(e) => (e.stopPropagation(), onOpen())}>
            {item.title}
          </OpenButton>
        </h3>
        <p>{truncateText(item.content, PREVIEWS.carouselSubtitle)}</p>
      </Caption>
    </SlideBox>
  );
}

const Frame = styled.div`
  position: relative;
  overflow: hidden;
  aspect-ratio: 16 / 9;
  margin: 4px 0 8px;
  border-radius: ${theme.radius.lg};
  background: linear-gradient(135deg, ${theme.color.surface3}, ${theme.color.surface});
  border: 1px solid ${theme.color.border};
`;

const Centre = styled.div`
  display: flex;
  height: 100%;
  align-items: center;
  justify-content: center;
`;

const Placeholder = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: 6px;
  height: 100%;
  padding: 16px;
  text-align: center;
  color: ${theme.color.muted};
  strong { color: ${theme.color.text}; font-size: ${theme.font.size.md}; }
  span { font-size: ${theme.font.size.xs}; }
`;

const Track = styled.div<{ $dragging: boolean }>`
  display: flex;
  height: 100%;
  touch-action: pan-y;
  user-select: none;
  ${(p) =>
    !p.$dragging &&
    css`
      transition: transform 280ms ease;
    `}
  /* Slides change in place for a reader who asks for less motion. */
  @media (prefers-reduced-motion: reduce) { transition: none; }
`;

const SlideBox = styled.article`
  position: relative;
  flex: 0 0 100%;
  height: 100%;
  overflow: hidden;
`;

const Image = styled.img`
  position: absolute;
  inset: 0;
  width: 100%;
  height: 100%;
  object-fit: cover;
  pointer-events: none;
`;

const Caption = styled.div`
  position: absolute;
  left: 0;
  right: 0;
  bottom: 0;
  padding: 40px 16px 14px;
  background: linear-gradient(to top, rgba(8, 6, 12, 0.92), rgba(8, 6, 12, 0));
  h3 {
    margin: 0;
    font-size: ${theme.font.size.lg};
    font-weight: 700;
    line-height: 1.35;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  p {
    margin: 2px 0 0;
    font-size: ${theme.font.size.sm};
    color: ${theme.color.muted};
    ${lineClamp(2)}
  }
`;

const Dots = styled.div`
  display: flex;
  justify-content: center;
  gap: 2px;
  margin-bottom: 10px;
`;

const Dot = styled.button<{ $active: boolean }>`
  /* a 24 px target around a small dot */
  width: 24px;
  height: 24px;
  padding: 0;
  border: none;
  background: transparent;
  &::after {
    content: '';
    display: block;
    margin: auto;
    height: 8px;
    width: ${(p) => (p.$active ? '20px' : '8px')};
    border-radius: ${theme.radius.pill};
    background: ${(p) => (p.$active ? theme.color.primary : theme.color.surface3)};
    transition: width 200ms ease;
    @media (prefers-reduced-motion: reduce) { transition: none; }
  }
`;
