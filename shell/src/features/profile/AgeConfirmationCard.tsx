import { useState } from 'react';
import styled from 'styled-components';
import { AGE_GATE_TEXT, AgeConfirmationDialog, useAgeConfirmation } from '@lakorn/shell-sdk';
import { Button, Card, Icon, Muted, theme } from '@lakorn/ui';

const Row = styled.div`
  display: flex;
  align-items: center;
  gap: 12px;
  & > div { flex: 1; min-width: 0; }
  strong { display: block; }
`;

/**
 * The age gate on the profile (catalog README "Moderation and the age gate"): whether the member
 * confirmed being 18 or older, confirm through the statement dialog, or withdraw (18+ characters
 * leave their lists).
 */
export function AgeConfirmationCard() {
  const { confirmed, busy, setConfirmed } = useAgeConfirmation();
  const [asking, setAsking] = useState(false);
  return (
    <Card aria-label={AGE_GATE_TEXT.title}>
      <Row>
        <Icon name="lock" />
        <div>
          <strong>{AGE_GATE_TEXT.title}</strong>
          <Muted style={{ color: confirmed ? theme.color.success : undefined }}>{confirmed ? AGE_GATE_TEXT.confirmed : AGE_GATE_TEXT.notConfirmed}</Muted>
        </div>
        {confirmed ? (
          <Button $size="sm" $variant="secondary" onClick={() => void setConfirmed(false)} disabled={busy}>
            {busy ? AGE_GATE_TEXT.withdrawing : AGE_GATE_TEXT.withdraw}
          </Button>
        ) : (
          <Button $size="sm" onClick={() => setAsking(true)}>
            {AGE_GATE_TEXT.title}
          </Button>
        )}
      </Row>
      <AgeConfirmationDialog open={asking} onConfirmed={() => setAsking(false)} onCancel={() => setAsking(false)} />
    </Card>
  );
}
