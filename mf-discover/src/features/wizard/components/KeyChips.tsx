import { useId, useState, type KeyboardEvent } from 'react';
import styled from 'styled-components';
import { isOneSyllableThaiKey, LOREBOOK_LIMITS } from '@lakorn/contracts/web';
import { ErrorText, Icon, IconButton, Input, theme } from '@lakorn/ui';
import { cleanKey, keyRefusal } from '../lorebook';
import { LOREBOOK_TEXT } from '../messages';

const Wrap = styled.div`
  display: flex;
  flex-direction: column;
  gap: 6px;
  margin-bottom: 14px;
  label { font-size: ${theme.font.size.sm}; font-weight: 600; }
`;

const Chips = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: 6px;
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Chip = styled.li<{ $warn: boolean }>`
  display: inline-flex;
  align-items: center;
  gap: 2px;
  max-width: 100%;
  padding: 2px 2px 2px 12px;
  border-radius: ${theme.radius.pill};
  background: ${(p) => (p.$warn ? theme.color.amberBg : theme.color.surface3)};
  border: 1px solid ${(p) => (p.$warn ? 'rgba(245, 181, 68, 0.5)' : theme.color.border)};
  font-size: ${theme.font.size.sm};
  span { overflow-wrap: anywhere; }
`;

const AddRow = styled.div`
  display: flex;
  gap: 8px;
  input { flex: 1; min-width: 0; }
`;

const Hint = styled.p`
  margin: 0;
  color: ${theme.color.muted};
  font-size: ${theme.font.size.xs};
`;

const Warning = styled.p`
  margin: 0;
  padding: 8px 10px;
  border-radius: ${theme.radius.sm};
  background: ${theme.color.amberBg};
  color: ${theme.color.amber};
  font-size: ${theme.font.size.xs};
  line-height: 1.5;
`;

/**
 * Keys as chips: typed in, added with Enter, a comma or the add button, removed one by one. A
 * one-syllable Thai key gets a warning under the chips (such a key is part of many longer words:
 * ตา in ตาม), judged by the matcher's own helper so the editor and the prompt agree. A key typed
 * but not added yet is added when the field loses focus, so closing the dialog loses nothing.
 */
export function KeyChips({ label, hint, keys, onChange }: { label: string; hint: string; keys: string[]; onChange: (keys: string[]) => void }) {
  const id = useId();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const full = keys.length >= LOREBOOK_LIMITS.keysPerEntry;
  const risky = keys.filter(isOneSyllableThaiKey);

  function add(raw: string) {
    const key = cleanKey(raw);
    if (key === null) return;
    const refusal = keyRefusal(key, keys);
    if (refusal) return setProblem(refusal);
    onChange([...keys, key]);
    setText('');
    setProblem(null);
  }

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    // Enter adds instead of submitting; a comma separates keys as other lorebook editors do.
    if ((e.key === 'Enter' || e.key === ',') && !e.nativeEvent.isComposing) {
      e.preventDefault();
      add(text);
    }
  }

  return (
    <Wrap>
      <label htmlFor={id}>{label}</label>
      {keys.length > 0 ? (
        <Chips aria-label={LOREBOOK_TEXT.keyList(label)}>
          {keys.map((key, index) => (
            // By place: an imported card may repeat a key, and each chip removes only itself.
            <Chip key={`${index}:${key}`} $warn={risky.includes(key)}>
              <span>{key}</span>
              <IconButton $size={28} aria-label={LOREBOOK_TEXT.removeKey(key)} onClick={() => onChange(keys.filter((_, i) => i !== index))}>
                <Icon name="close" size={14} />
              </IconButton>
            </Chip>
          ))}
        </Chips>
      ) : null}
      <AddRow>
        <Input
          id={id}
          value={text}
          enterKeyHint="done"
          aria-invalid={problem ? true : undefined}
          onChange={(e) => {
            setProblem(null);
            setText(e.target.value);
          }}
          onKeyDown={onKeyDown}
          // A key typed but not yet added is added when the member moves on (no lost input).
          onBlur={() => add(text)}
        />
        <IconButton aria-label={LOREBOOK_TEXT.addKey(label)} disabled={full} onClick={() => add(text)}>
          <Icon name="plus" />
        </IconButton>
      </AddRow>
      <Hint>{hint}</Hint>
      {problem ? <ErrorText role="alert">{problem}</ErrorText> : null}
      {risky.length > 0 ? <Warning role="note">{LOREBOOK_TEXT.oneSyllable(risky.join(', '))}</Warning> : null}
    </Wrap>
  );
}
