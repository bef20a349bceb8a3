import styled from 'styled-components';
import { Card, SectionTitle, theme } from '@lakorn/ui';
import { PAYMENT_TEXT } from '../messages';

const Steps = styled.ol`
  margin: 0;
  padding-left: 22px;
  display: flex;
  flex-direction: column;
  gap: 6px;
  color: ${theme.color.muted};
  font-size: ${theme.font.size.sm};
  line-height: 1.6;
`;

export function PaymentInstructions() {
  return (
    <Card aria-labelledby="wallet-how-title">
      <SectionTitle id="wallet-how-title">{PAYMENT_TEXT.howTitle}</SectionTitle>
      <Steps>
        {PAYMENT_TEXT.steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </Steps>
    </Card>
  );
}
