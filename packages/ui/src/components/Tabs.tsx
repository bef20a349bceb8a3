import styled from 'styled-components';
import { theme } from '../theme';

const List = styled.div`
  display: flex;
  gap: 4px;
  padding: 4px;
  background: ${theme.color.surface};
  border: 1px solid ${theme.color.border};
  border-radius: ${theme.radius.md};
`;

const Tab = styled.button<{ $active: boolean }>`
  flex: 1;
  min-height: 40px;
  border: none;
  border-radius: ${theme.radius.sm};
  font-weight: 600;
  font-size: ${theme.font.size.sm};
  background: ${(p) => (p.$active ? theme.color.surface3 : 'transparent')};
  color: ${(p) => (p.$active ? theme.color.text : theme.color.muted)};
`;

export interface TabsProps<T extends string> {
  tabs: ReadonlyArray<{ id: T; label: string }>;
  value: T;
  onChange: (id: T) => void;
  label: string;
}

export function Tabs<T extends string>({ tabs, value, onChange, label }: TabsProps<T>) {
  return (
    <List role="tablist" aria-label={label}>
      {tabs.map((t) => (
        <Tab key={t.id} role="tab" aria-selected={t.id === value} $active={t.id === value} onClick={() => onChange(t.id)}>
          {t.label}
        </Tab>
      ))}
    </List>
  );
}
