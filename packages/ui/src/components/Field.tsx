import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import styled, { css } from 'styled-components';
import { theme } from '../theme';

const control = css`
  width: 100%;
  background: ${theme.color.surface2};
  border: 1px solid ${theme.color.border};
  border-radius: ${theme.radius.md};
  padding: 11px 14px;
  font-size: ${theme.font.size.md};
  color: ${theme.color.text};
  outline: none;
  &::placeholder { color: ${theme.color.faint}; }
  &:focus { border-color: ${theme.color.primary}; }
  &:disabled, &[readonly] { opacity: 0.7; }
  &[aria-invalid='true'] { border-color: ${theme.color.danger}; }
`;

export const Input = styled.input`
  ${control}
  min-height: 44px;
`;

const Select = styled.select`
  ${control}
  min-height: 44px;
  padding-top: 0;
  padding-bottom: 0;
`;

export const TextArea = styled.textarea`
  ${control}
  min-height: 110px;
  resize: vertical;
  line-height: 1.55;
`;

const Wrap = styled.div`
  display: flex;
  flex-direction: column;
  gap: 6px;
  margin-bottom: 14px;
`;

const Label = styled.label`
  font-size: ${theme.font.size.sm};
  font-weight: 600;
  color: ${theme.color.text};
`;

const Row = styled.div`
  display: flex;
  justify-content: space-between;
  gap: 8px;
  font-size: ${theme.font.size.xs};
  color: ${theme.color.muted};
`;

export const ErrorText = styled.p`
  margin: 0;
  color: ${theme.color.danger};
  font-size: ${theme.font.size.sm};
`;

interface FieldFrameProps {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  /** Shows "n/max" (or remaining, see counterMode) under the control. */
  max?: number;
  length?: number;
  counterMode?: 'used' | 'remaining';
}

function Counter({ max, length, mode }: { max: number; length: number; mode: 'used' | 'remaining' }) {
  const over = length > max;
  return (
    <span style={{ color: over ? theme.color.danger : undefined }} aria-live="polite">
      {mode === 'remaining' ? `เหลือ ${max - length} ตัวอักษร` : `${length}/${max}`}
    </span>
  );
}

/** Label, control, hint/counter row and error: the frame every field shares. */
function FieldFrame({ label, hint, error, max, counterMode = 'used', value, children }: FieldFrameProps & { value: unknown; children: (id: string) => ReactNode }) {
  const id = useId();
  const length = Array.from(String(value ?? '')).length;
  return (
    <Wrap>
      <Label htmlFor={id}>{label}</Label>
      {children(id)}
      {(hint || max) && (
        <Row>
          <span>{hint}</span>
          {max ? <Counter max={max} length={length} mode={counterMode} /> : null}
        </Row>
      )}
      {error ? <ErrorText role="alert">{error}</ErrorText> : null}
    </Wrap>
  );
}

export function TextField({ label, hint, error, max, counterMode, ...input }: FieldFrameProps & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <FieldFrame label={label} hint={hint} error={error} max={max} counterMode={counterMode} value={input.value}>
      {(id) => <Input id={id} aria-invalid={error ? true : undefined} {...input} />}
    </FieldFrame>
  );
}

export function TextAreaField({ label, hint, error, max, counterMode, ...input }: FieldFrameProps & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <FieldFrame label={label} hint={hint} error={error} max={max} counterMode={counterMode} value={input.value}>
      {(id) => <TextArea id={id} aria-invalid={error ? true : undefined} {...input} />}
    </FieldFrame>
  );
}

/** A labelled <select> in the same frame as the text fields. */
export function SelectField({ label, hint, error, children, ...select }: Pick<FieldFrameProps, 'label' | 'hint' | 'error'> & SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <FieldFrame label={label} hint={hint} error={error} value={select.value}>
      {(id) => (
        <Select id={id} aria-invalid={error ? true : undefined} {...select}>
          {children}
        </Select>
      )}
    </FieldFrame>
  );
}
