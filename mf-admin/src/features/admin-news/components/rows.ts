import styled from 'styled-components';
import { theme } from '@lakorn/ui';

// The list rows both tabs of /admin/news use.

export const Body = styled.div`
  margin-top: 14px;
`;


export const Row = styled.li`
  display: flex;
  align-items: center;
  gap: 12px;
  padding: 12px;
  background: ${theme.color.surface};
  border: 1px solid ${theme.color.border};
  border-radius: ${theme.radius.md};
  color: ${theme.color.text};
`;

export const Text = styled.div`
  flex: 1;
  min-width: 0;
  h3 {
    margin: 0 0 4px;
    font-size: ${theme.font.size.sm};
    font-weight: 700;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
`;

export const Meta = styled.div`
  display: flex;
  & + & { margin-top: 4px; }
  flex-wrap: wrap;
  align-items: center;
  gap: 6px;
  font-size: ${theme.font.size.xs};
  color: ${theme.color.muted};
`;
