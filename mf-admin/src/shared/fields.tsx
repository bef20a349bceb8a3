import { useId, type ReactNode, type SelectHTMLAttributes } from 'react';
import styled from 'styled-components';
import { theme } from '@lakorn/ui';

// A labelled <select> in the look of @lakorn/ui's fields (only the admin screens need one).

const Wrap = styled.div`
  display: flex;
  flex-direction: column;
  gap: 6px;
  margin-bottom: 14px;
`;

const Label = styled.label`
  font-size: ${theme.font.size.sm};
  font-weight: 600;
`;

const Select = styled.select`
  width: 100%;
  min-height: 44px;
  background: ${theme.color.surface2};
  border: 1px solid ${theme.color.border};
  border-radius: ${theme.radius.md};
  padding: 0 14px;
  font-size: ${theme.font.size.md};
  color: ${theme.color.text};
  outline: none;
  &:focus { border-color: ${theme.color.primary}; }
`;

export function SelectField({ label, children, ...select }: { label: ReactNode; children: ReactNode } & SelectHTMLAttributes<HTMLSelectElement>) {
  const id = useId();
  return (
    <Wrap>
      <Label htmlFor={id}>{label}</Label>
      <Select id={id} {...select}>
        {children}
      </Select>
    </Wrap>
  );
}

/** Parses a whole number the way spec §5 asks of numeric inputs: digits only, else NaN. */
export function parseWholeNumber(text: string): number {
  const trimmed = text.trim();
  return /^\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}
