import { useId } from 'react';
import styled from 'styled-components';
import { PREVIEWS, type Persona } from '@lakorn/contracts/web';
import { theme, truncateText } from '@lakorn/ui';
import { PERSONA_TEXT } from '../messages';

const Wrap = styled.label`
  display: flex;
  align-items: center;
  gap: 8px;
  min-width: 0;
  font-size: ${theme.font.size.xs};
  color: ${theme.color.muted};
  select {
    flex: 1;
    min-width: 0;
    max-width: 260px;
    min-height: 32px;
    padding: 4px 8px;
    border-radius: ${theme.radius.sm};
    border: 1px solid ${theme.color.border};
    background: ${theme.color.surface2};
    color: ${theme.color.text};
    font-size: ${theme.font.size.sm};
  }
`;

/** The option text: the name and 30 characters of personality (spec §9 persona dropdown preview). */
export const personaOptionText = (p: Pick<Persona, 'name' | 'personality'>) => `${p.name} — ${truncateText(p.personality, PREVIEWS.personaPersonality)}`;

export interface PersonaPickerProps {
  personas: Persona[];
  /** The chosen persona id; null: the main identity. */
  value: string | null;
  onChange: (personaId: string | null) => void;
  disabled?: boolean;
}

/** spec §2 chat screen: 'main identity' plus the member's personas. */
export function PersonaPicker({ personas, value, onChange, disabled }: PersonaPickerProps) {
  const id = useId();
  return (
    <Wrap htmlFor={id}>
      <span>{PERSONA_TEXT.pickerLabel}</span>
      <select id={id} value={value ?? ''} disabled={disabled} onChange={(e) => onChange(e.target.value === '' ? null : e.target.value)}>
        <option value="">{PERSONA_TEXT.mainIdentity}</option>
        {personas.map((p) => (
          <option key={p.id} value={p.id}>
            {personaOptionText(p)}
          </option>
        ))}
      </select>
    </Wrap>
  );
}
