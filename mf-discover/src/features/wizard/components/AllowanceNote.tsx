import styled from 'styled-components';
import type { CharacterAllowance } from '@lakorn/contracts/web';
import { Muted, theme } from '@lakorn/ui';
import { WIZARD_TEXT } from '../messages';

const Note = styled(Muted)`
  margin: 0 0 12px;
  text-align: center;
  font-size: ${theme.font.size.xs};
`;

const LimitReached = styled.p`
  margin: 0 0 12px;
  padding: 12px 14px;
  border-radius: ${theme.radius.md};
  background: ${theme.color.amberBg};
  border: 1px solid rgba(245, 181, 68, 0.4);
  color: ${theme.color.text};
  font-size: ${theme.font.size.sm};
`;

/**
 * How many more characters the member may create (contracts QUOTAS.charactersTotal), or, with none
 * left, why creating is refused. `id` lets the create button name it as its description.
 */
export function AllowanceNote({ allowance, id }: { allowance: CharacterAllowance; id?: string }) {
  if (allowance.left > 0) return <Note id={id}>{WIZARD_TEXT.charactersLeft(allowance.left)}</Note>;
  return (
    <LimitReached id={id} role="status">
      {WIZARD_TEXT.limitReached(allowance.max)}
    </LimitReached>
  );
}
