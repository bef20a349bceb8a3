import styled from 'styled-components';
import { Icon, IconButton, theme } from '@lakorn/ui';
import { ShortOfCoins } from '../../../shared/ShortOfCoins';
import { CHAT_TEXT } from '../messages';

const Bar = styled.div`
  display: flex;
  align-items: center;
  flex-wrap: wrap;
  gap: 4px;
  max-width: 100%;
`;

const Counter = styled.span`
  min-width: 34px;
  text-align: center;
  font-size: ${theme.font.size.sm};
  color: ${theme.color.muted};
  font-variant-numeric: tabular-nums;
`;

const Another = styled.button`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  min-height: 36px;
  margin-left: 4px;
  padding: 0 12px;
  border-radius: ${theme.radius.pill};
  border: 1px solid ${theme.color.border};
  background: ${theme.color.surface2};
  color: ${theme.color.text};
  font-size: ${theme.font.size.sm};
  font-weight: 600;
  cursor: pointer;
  &:hover:not(:disabled) { background: ${theme.color.surface3}; }
  &:disabled { opacity: 0.5; cursor: default; }
`;

const Price = styled.span`
  color: ${theme.color.amber};
  font-variant-numeric: tabular-nums;
`;

export interface AnswerSwitcherProps {
  /** 0-based index of the answer shown. */
  index: number;
  count: number;
  /** The greeting's alternatives are named as greetings (they are free and cannot be asked for). */
  greeting?: boolean;
  disabled: boolean;
  onShow: (index: number) => void;
  /** The paid button for another answer; absent where none can be asked for. */
  another?: { price: number; full: boolean; max: number; onAsk: () => void; /** The balance is below the price. */ short?: boolean };
}

/**
 * The latest reply's answers: arrows (buttons, for keyboard users) and the "2/3" counter, and the
 * button that asks for another answer with its price on it before it is tapped.
 */
export function AnswerSwitcher({ index, count, greeting = false, disabled, onShow, another }: AnswerSwitcherProps) {
  const labels = greeting
    ? { previous: CHAT_TEXT.previousGreeting, next: CHAT_TEXT.nextGreeting, of: CHAT_TEXT.greetingOf }
    : { previous: CHAT_TEXT.previousAnswer, next: CHAT_TEXT.nextAnswer, of: CHAT_TEXT.answerOf };
  return (
    <Bar>
      {count > 1 ? (
        <>
          <IconButton $size={36} aria-label={labels.previous} disabled={disabled || index <= 0} onClick={() => onShow(index - 1)}>
            <Icon name="back" size={18} />
          </IconButton>
          <Counter role="status" aria-label={labels.of(index + 1, count)}>
            {`${index + 1}/${count}`}
          </Counter>
          <IconButton $size={36} aria-label={labels.next} disabled={disabled || index >= count - 1} onClick={() => onShow(index + 1)}>
            <Icon name="forward" size={18} />
          </IconButton>
        </>
      ) : null}
      {another ? (
        <Another type="button" disabled={disabled || another.full} onClick={another.onAsk}>
          <Icon name="refresh" size={16} />
          {another.full ? (
            CHAT_TEXT.answersFull(another.max)
          ) : (
            <>
              {CHAT_TEXT.anotherAnswer}{' '}
              <Price>{CHAT_TEXT.anotherPrice(another.price)}</Price>
            </>
          )}
        </Another>
      ) : null}
      {another?.short && !another.full ? <ShortOfCoins /> : null}
    </Bar>
  );
}
