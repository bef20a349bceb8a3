import { useState } from 'react';
import styled from 'styled-components';
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

/** Tries each candidate in turn; `src` is null when none is left. */
export function useImageFallback(path: string | null | undefined): { src: string | null; onError: () => void } {
  // Which candidate of which path: a new path starts again from its first candidate in the same
  // render, not in an effect that renders every picture a second time once it is on screen.
  const [tried, setTried] = useState({ path, index: 0 });
  const index = tried.path === path ? tried.index : 0;
  const candidates = imageCandidates(path);
  return { src: candidates[index] ?? null, onError: () => setTried((t) => ({ path, index: (t.path === path ? t.index : 0) + 1 })) };
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

/** A round avatar: the image through the fallback chain, else the name's first letter. */
export function Avatar({ src, name, size = 40 }: { src?: string | null; name: string; size?: number }) {
  const image = useImageFallback(src);
  const letter = Array.from(name.trim())[0]?.toUpperCase() ?? '?';
  return (
    <Circle $size={size} aria-hidden>
      {image.src ? <img src={image.src} alt="" onError={image.onError} loading="lazy" /> : letter}
    </Circle>
  );
}
