import styled from 'styled-components';
import type { CalendarDay } from '@lakorn/contracts/web';
import { Button, Card, Icon, Pill, thaiFullDate, theme } from '@lakorn/ui';
import { CHECKIN_TEXT } from '../messages';

/**
 * spec §2 today panel: the full Thai date, today's coin amount and the 'check in today' button,
 * hidden once today is checked in.
 */
export function TodayPanel({ today, onCheckIn, pending }: { today: CalendarDay; onCheckIn: () => void; pending: boolean }) {
  return (
    <Panel aria-labelledby="today-panel-title">
      <Top>
        <div>
          <Label id="today-panel-title">{CHECKIN_TEXT.today}</Label>
          <FullDate>{thaiFullDate(today.date)}</FullDate>
        </div>
        {today.special ? (
          <Pill $tone="amber">
            <Icon name="sparkles" size={12} />
            {CHECKIN_TEXT.specialDay}
          </Pill>
        ) : null}
      </Top>
      <Reward>
        <BigCoin aria-hidden />
        <div>
          <Amount>{CHECKIN_TEXT.coins(today.coins)}</Amount>
          <Label>{CHECKIN_TEXT.todayReward}</Label>
        </div>
      </Reward>
      {today.checkedIn ? (
        <Done>
          <Icon name="check" size={18} />
          {CHECKIN_TEXT.doneToday}
        </Done>
      ) : (
        <Button $block $size="lg" onClick={onCheckIn} disabled={pending}>
          <Icon name="gift" size={18} />
          {pending ? CHECKIN_TEXT.checkingIn : CHECKIN_TEXT.checkInToday}
        </Button>
      )}
    </Panel>
  );
}

const Panel = styled(Card)`
  background: linear-gradient(135deg, rgba(232, 83, 122, 0.16), rgba(245, 181, 68, 0.1)), ${theme.color.surface};
`;

const Top = styled.div`
  display: flex;
  align-items: flex-start;
  justify-content: space-between;
  gap: 8px;
`;

const Label = styled.p`
  margin: 0;
  font-size: ${theme.font.size.xs};
  color: ${theme.color.muted};
`;

const FullDate = styled.p`
  margin: 2px 0 0;
  font-size: ${theme.font.size.md};
  font-weight: 700;
`;

const Reward = styled.div`
  display: flex;
  align-items: center;
  gap: 12px;
  margin: 14px 0;
`;

const BigCoin = styled.span`
  width: 40px;
  height: 40px;
  flex: none;
  border-radius: 50%;
  background: radial-gradient(circle at 35% 35%, #ffe08a, ${theme.color.amber} 60%, #c98a1a);
  box-shadow: inset 0 0 0 2px rgba(0, 0, 0, 0.18);
`;

const Amount = styled.p`
  margin: 0;
  font-size: ${theme.font.size.xl};
  font-weight: 800;
  color: ${theme.color.amber};
  line-height: 1.2;
`;

const Done = styled.p`
  display: flex;
  align-items: center;
  justify-content: center;
  gap: 8px;
  margin: 0;
  padding: 12px;
  border-radius: ${theme.radius.md};
  background: ${theme.color.successBg};
  color: ${theme.color.success};
  font-weight: 600;
  font-size: ${theme.font.size.sm};
`;
