import { useState } from 'react';
import styled from 'styled-components';
import { IMAGE_FILE_NAME, IMAGE_WIDTHS } from '@lakorn/contracts/web';
import { nameInitial } from '../text';
import { theme } from '../theme';

/**
 * Where an image may be found (spec §7 Images): absolute URLs as they are; a bare file name
 * under /character-images/, then /uploads/character-images/{file}?retry=1, then the original
 * path with ?retry=2. The caller hides the image (or shows a letter) when all fail.
 */
export function imageCandidates(path: string | null | undefined): string[] {
  if (!path) return [];
  if (/^(https?:|data:|blob:)/.test(path)) return [path];
  const file = path.split('/').filter(Boolean).pop() ?? path;
  return [`/character-images/${file}`, `/uploads/character-images/${file}?retry=1`, `${path}${path.includes('?') ? '&' : '?'}retry=2`];
}

/**
 * The `srcset` of a picture stored here: its card-sized WebP variants (catalog README "Card-sized variants"), so a
 * phone fetches a picture the size it draws, never the upload itself (up to 5 MB). Undefined for a
 * picture from elsewhere (the sign-in provider's photo) or a name that is not one of ours.
 */
export function imageSrcSet(path: string | null | undefined): string | undefined {
  if (!path || /^(https?:|data:|blob:)/.test(path)) return undefined;
  const file = path.replace(/[?#].*$/, '').split('/').filter(Boolean).pop() ?? '';
  if (!IMAGE_FILE_NAME.test(file)) return undefined;
  return IMAGE_WIDTHS.map((width) => `/character-images/${file}?w=${width} ${width}w`).join(', ');
}

/**
 * `sizes` of a picture as wide as a page's content: the app's column (at most 480 px, ARCHITECTURE
 * §9) less the page's 16 px sides (Layout's Page).
 */
export const PAGE_WIDTH_PICTURE_SIZES = '(max-width: 480px) calc(100vw - 32px), 448px';

/**
 * Tries each candidate in turn; `src` is null when none is left. The first candidate comes with
 * the picture's `srcSet` (pass it with a `sizes` saying how wide it is drawn); the fallbacks after
 * an error ask for the upload itself.
 */
export function useImageFallback(path: string | null | undefined): { src: string | null; srcSet: string | undefined; onError: () => void } {
  // Which candidate of which path: a new path starts again from its first candidate in the same
  // render, not in an effect that renders every picture a second time once it is on screen.
  const [tried, setTried] = useState({ path, index: 0 });
  const index = tried.path === path ? tried.index : 0;
  const candidates = imageCandidates(path);
  return {
    src: candidates[index] ?? null,
    srcSet: index === 0 ? imageSrcSet(path) : undefined,
    onError: () => setTried((t) => ({ path, index: (t.path === path ? t.index : 0) + 1 })),
  };
}

const Circle = styled.span<{ $size: number }>`
  flex: none;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: ${(p) => p.$size}px;
  height: ${(p) => p.$size}px;
  border-radius: 50%;
  overflow: hidden;
  background: linear-gradient(135deg, #5b3a6e, ${theme.color.primaryFill});
  color: #fff;
  font-weight: 700;
  font-size: ${(p) => Math.round(p.$size * 0.42)}px;
  img { width: 100%; height: 100%; object-fit: cover; display: block; }
`;

/** A round avatar: the image through the fallback chain, else the name's first letter (its first consonant in Thai). */
export function Avatar({ src, name, size = 40 }: { src?: string | null; name: string; size?: number }) {
  const image = useImageFallback(src);
  const letter = nameInitial(name);
  return (
    <Circle $size={size} aria-hidden>
      {image.src ? <img src={image.src} srcSet={image.srcSet} sizes={`${size}px`} alt="" onError={image.onError} loading="lazy" /> : letter}
    </Circle>
  );
}
