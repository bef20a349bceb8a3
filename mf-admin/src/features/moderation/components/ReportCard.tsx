import styled from 'styled-components';
import { hiddenReasonLabel, isSystemCreator, REPORT_REASON_LABELS, SYSTEM_CREATOR_LABEL, type AdminReport } from '@lakorn/contracts/web';
import { Avatar, Button, Card, Pill, relativeTime, theme } from '@lakorn/ui';
import { MODERATION_TEXT } from '../messages';

const Item = styled(Card).attrs({ as: 'li' })`
  display: flex;
  flex-direction: column;
  gap: 10px;
  margin: 0;
`;

const Head = styled.div`
  display: flex;
  gap: 12px;
  min-width: 0;
  & > div { min-width: 0; flex: 1; }
  strong { display: block; font-size: ${theme.font.size.md}; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
  small { display: block; color: ${theme.color.muted}; font-size: ${theme.font.size.xs}; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
`;

const Pills = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 6px;
  margin-top: 6px;
`;

const Reason = styled.p`
  margin: 0;
  font-weight: 600;
  font-size: ${theme.font.size.sm};
`;

const Details = styled.p<{ $none: boolean }>`
  margin: 0;
  color: ${(p) => (p.$none ? theme.color.faint : theme.color.muted)};
  font-size: ${theme.font.size.sm};
  white-space: pre-line;
  overflow-wrap: anywhere;
`;

const Meta = styled.p`
  margin: 0;
  color: ${theme.color.faint};
  font-size: ${theme.font.size.xs};
`;

const Actions = styled.div`
  display: flex;
  gap: 8px;
  & > * { flex: 1; }
`;

export interface ReportCardProps {
  report: AdminReport;
  /** The action under way on this report, if any. */
  busy: 'hide' | 'dismiss' | null;
  /** Another report's action is under way. */
  disabled: boolean;
  onHide: () => void;
  onDismiss: () => void;
  onManage: () => void;
}

/** One report: the character (picture, name, owner), the reason in Thai, the details, how often and when. */
export function ReportCard({ report, busy, disabled, onHide, onDismiss, onManage }: ReportCardProps) {
  const name = report.characterName || MODERATION_TEXT.deletedCharacter;
  const gone = report.characterName === '';
  const open = report.status === 'open';
  return (
    <Item aria-label={name}>
      <Head>
        <Avatar src={report.characterProfileUrl} name={name} size={52} />
        <div>
          <strong>{name}</strong>
          <small>{MODERATION_TEXT.owner(isSystemCreator(report.characterOwnerId) ? SYSTEM_CREATOR_LABEL : report.characterOwnerUsername)}</small>
          <Pills>
            <Pill $tone={open ? 'amber' : 'neutral'}>{MODERATION_TEXT.status[report.status]}</Pill>
            {report.characterHidden ? <Pill $tone="danger">{MODERATION_TEXT.hiddenPill}</Pill> : null}
            {report.characterAdult ? <Pill $tone="primary">{MODERATION_TEXT.adultPill}</Pill> : null}
            <Pill>{MODERATION_TEXT.openCount(report.openReports)}</Pill>
            <Pill>{MODERATION_TEXT.totalCount(report.totalReports)}</Pill>
          </Pills>
        </div>
      </Head>
      <Reason>{REPORT_REASON_LABELS[report.reason]}</Reason>
      <Details $none={report.details === ''}>{report.details || MODERATION_TEXT.noDetails}</Details>
      <Meta>
        <time dateTime={report.createdAt}>{MODERATION_TEXT.reportedAt(relativeTime(report.createdAt))}</time>
        {report.characterHidden && report.characterHiddenReason ? ` · ${MODERATION_TEXT.hiddenBecause(hiddenReasonLabel(report.characterHiddenReason))}` : null}
      </Meta>
      <Actions>
        {open && !gone ? (
          <Button $size="sm" $variant="danger" onClick={onHide} disabled={disabled}>
            {busy === 'hide' ? MODERATION_TEXT.hiding : MODERATION_TEXT.hide}
          </Button>
        ) : null}
        {open ? (
          <Button $size="sm" $variant="secondary" onClick={onDismiss} disabled={disabled}>
            {busy === 'dismiss' ? MODERATION_TEXT.dismissing : MODERATION_TEXT.dismiss}
          </Button>
        ) : null}
        {!gone ? (
          <Button $size="sm" $variant="ghost" onClick={onManage} disabled={disabled}>
            {MODERATION_TEXT.manage}
          </Button>
        ) : null}
      </Actions>
    </Item>
  );
}
