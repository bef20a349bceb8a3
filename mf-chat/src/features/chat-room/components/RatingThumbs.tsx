import styled from 'styled-components';
import type { RatingValue } from '@lakorn/contracts/web';
import { Icon, IconButton, theme } from '@lakorn/ui';
import { RATING_TEXT } from '../messages';

const Group = styled.div`
  display: inline-flex;
  align-items: center;
  gap: 2px;
`;

const Thumb = styled(IconButton)<{ $on: boolean; $tone: 'up' | 'down' }>`
  color: ${(p) => (p.$on ? (p.$tone === 'up' ? theme.color.primary : theme.color.amber) : theme.color.faint)};
  background: ${(p) => (p.$on ? theme.color.surface3 : 'transparent')};
`;

export interface RatingThumbsProps {
  value: RatingValue;
  disabled?: boolean;
  onRate: (thumb: 1 | -1) => void;
}

/** Thumbs up and down under a character's reply: toggles, each named for screen readers. */
export function RatingThumbs({ value, disabled = false, onRate }: RatingThumbsProps) {
  return (
    <Group role="group" aria-label={RATING_TEXT.group}>
      <Thumb type="button" $size={36} $on={value === 1} $tone="up" aria-label={RATING_TEXT.up} aria-pressed={value === 1} disabled={disabled} onClick={() => onRate(1)}>
        <Icon name="thumbUp" size={16} />
      </Thumb>
      <Thumb type="button" $size={36} $on={value === -1} $tone="down" aria-label={RATING_TEXT.down} aria-pressed={value === -1} disabled={disabled} onClick={() => onRate(-1)}>
        <Icon name="thumbDown" size={16} />
      </Thumb>
    </Group>
  );
}
