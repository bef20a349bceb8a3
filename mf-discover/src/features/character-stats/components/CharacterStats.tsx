import styled from 'styled-components';
import { CHARACTER_STATS_WINDOWS, type CharacterStats as Stats } from '@lakorn/contracts/web';
import { EmptyState, ErrorState, formatThaiNumber, LoadingState, theme, thaiShortMonth } from '@lakorn/ui';
import { useCharacterStats } from '../api';
import { STATS_METRICS, STATS_TEXT } from '../messages';

const Section = styled.section`
  display: flex;
  flex-direction: column;
  gap: 12px;
  margin: 0 0 18px;
  padding: 14px 12px;
  border-radius: ${theme.radius.lg};
  background: ${theme.color.surface2};
  border: 1px solid ${theme.color.border};
`;

const Title = styled.h3`
  margin: 0;
  font-size: ${theme.font.size.md};
  font-weight: 700;
`;

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: ${theme.font.size.sm};
  th, td { padding: 6px 4px; text-align: right; font-variant-numeric: tabular-nums; }
  th:first-child, td:first-child { text-align: left; }
  thead th { color: ${theme.color.faint}; font-weight: 600; }
  tbody th { color: ${theme.color.muted}; font-weight: 400; }
  tbody td { color: ${theme.color.text}; font-weight: 600; }
  tbody tr + tr > * { border-top: 1px solid ${theme.color.border}; }
`;

const ChartTitle = styled.p`
  margin: 4px 0 0;
  color: ${theme.color.muted};
  font-size: ${theme.font.size.xs};
`;

const Axis = styled.div`
  display: flex;
  justify-content: space-between;
  color: ${theme.color.faint};
  font-size: ${theme.font.size.xs};
`;

const CHART_HEIGHT = 64;
const BAR_GAP = 2;

const formatCount = formatThaiNumber;
/** A series day (yyyy-MM-dd) as '5 เม.ย.'. */
const dayLabel = (day: string) => `${Number(day.slice(8, 10))} ${thaiShortMonth(day)}`;

/** The daily series as bars (plain SVG): each bar a day's messages received, the newest on the right. */
function DailyChart({ daily }: { daily: Stats['daily'] }) {
  const values = daily.map((d) => d.messagesReceived);
  const busiest = Math.max(0, ...values);
  const total = values.reduce((a, b) => a + b, 0);
  const width = daily.length * 10;
  return (
    <div>
      <ChartTitle>{STATS_TEXT.chartTitle}</ChartTitle>
      <svg role="img" aria-label={STATS_TEXT.chartLabel(total, busiest)} viewBox={`0 0 ${width} ${CHART_HEIGHT}`} preserveAspectRatio="none" width="100%" height={CHART_HEIGHT}>
        {daily.map((d, i) => {
          // A day without messages still shows a hairline, so the 30 days read as a row.
          const h = busiest === 0 ? 1 : Math.max(1, Math.round((d.messagesReceived / busiest) * (CHART_HEIGHT - 2)));
          return (
            <rect key={d.day} x={i * 10 + BAR_GAP / 2} y={CHART_HEIGHT - h} width={10 - BAR_GAP} height={h} rx={1.5} fill={d.messagesReceived > 0 ? theme.color.primary : theme.color.border} data-day={d.day}>
              <title>{STATS_TEXT.dayBar(dayLabel(d.day), d.messagesReceived)}</title>
            </rect>
          );
        })}
      </svg>
      <Axis aria-hidden>
        <span>{daily[0] ? dayLabel(daily[0].day) : ''}</span>
        <span>{STATS_TEXT.today}</span>
      </Axis>
    </div>
  );
}

export interface CharacterStatsProps {
  characterId: string;
}

/**
 * A character's numbers for its owner and admins (GET /api/characters/{id}/stats): chats started,
 * messages received, members, likes and thumbs for 7 days, 30 days and all time, and the last 30
 * days of messages as a small bar chart.
 */
export function CharacterStats({ characterId }: CharacterStatsProps) {
  const stats = useCharacterStats(characterId);
  const body = (() => {
    if (stats.isLoading) return <LoadingState />;
    if (stats.error !== undefined || !stats.data) return <ErrorState message={STATS_TEXT.failed} onRetry={() => void stats.mutate()} />;
    const { windows, daily } = stats.data;
    if (STATS_METRICS.every(({ key }) => windows.all[key] === 0)) {
      return (
        <EmptyState icon="chart" title={STATS_TEXT.empty}>
          {STATS_TEXT.emptyHint}
        </EmptyState>
      );
    }
    return (
      <>
        <Table>
          <thead>
            <tr>
              <th scope="col">{STATS_TEXT.metric}</th>
              {CHARACTER_STATS_WINDOWS.map((w) => (
                <th key={w} scope="col">
                  {STATS_TEXT.windows[w]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {STATS_METRICS.map(({ key, label }) => (
              <tr key={key}>
                <th scope="row">{label}</th>
                {CHARACTER_STATS_WINDOWS.map((w) => (
                  <td key={w}>{formatCount(windows[w][key])}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </Table>
        <DailyChart daily={daily} />
      </>
    );
  })();
  return (
    <Section aria-label={STATS_TEXT.title} aria-busy={stats.isLoading}>
      <Title>{STATS_TEXT.title}</Title>
      {body}
    </Section>
  );
}
