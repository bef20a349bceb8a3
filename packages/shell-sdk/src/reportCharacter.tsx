import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { useSWRConfig } from 'swr';
import {
  MODERATION_ERROR_CODES,
  MODERATION_MESSAGES,
  REPORT_DETAILS_MAX,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  type ReportReason,
} from '@lakorn/contracts/web';
import { Dialog, ErrorText, FormActions, TextAreaField, theme } from '@lakorn/ui';
import { ApiError, mutate } from './fetcher';
import { useToast } from './toast';

export const REPORT_TEXT = {
  action: 'รายงานตัวละคร',
  title: (name: string) => `รายงาน ${name}`,
  reason: 'เหตุผล',
  details: 'รายละเอียดเพิ่มเติม (ไม่บังคับ)',
  detailsPlaceholder: 'เล่าให้ทีมงานฟังว่าพบอะไร',
  detailsTooLong: `รายละเอียดต้องไม่เกิน ${REPORT_DETAILS_MAX} ตัวอักษร`,
  chooseReason: 'กรุณาเลือกเหตุผล',
  submit: 'ส่งรายงาน',
  submitting: 'กำลังส่ง...',
  cancel: 'ยกเลิก',
  failed: 'ส่งรายงานไม่สำเร็จ กรุณาลองใหม่อีกครั้ง',
} as const;

const Reasons = styled.fieldset`
  border: none;
  margin: 0 0 14px;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: 6px;
  legend { padding: 0; margin-bottom: 6px; font-size: ${theme.font.size.sm}; font-weight: 600; }
`;

const Reason = styled.label<{ $checked: boolean }>`
  display: flex;
  align-items: center;
  gap: 10px;
  min-height: 44px;
  padding: 0 12px;
  border-radius: ${theme.radius.md};
  border: 1px solid ${(p) => (p.$checked ? theme.color.primary : theme.color.border)};
  background: ${(p) => (p.$checked ? 'rgba(240, 102, 140, 0.1)' : theme.color.surface2)};
  font-size: ${theme.font.size.sm};
  cursor: pointer;
  input { accent-color: ${theme.color.primaryFill}; width: 18px; height: 18px; margin: 0; }
`;

/** The character queries a report changes: discover's pages, the popular row, search. */
const isCharacterList = (key: unknown) => typeof key === 'string' && key.startsWith('/api/characters/public');

export interface ReportCharacterDialogProps {
  open: boolean;
  character: { id: string; name: string };
  onClose: () => void;
  /** After the report was stored (or had been already): the character is gone for this member. */
  onReported?: () => void;
}

/**
 * A member reports a character (catalog README "Moderation and the age gate"): a reason, details up
 * to REPORT_DETAILS_MAX characters. The server hides the character from the reporter at once, so
 * the cached listings are fetched again and the card leaves their discover.
 */
export function ReportCharacterDialog({ open, character, onClose, onReported }: ReportCharacterDialogProps) {
  const { toast } = useToast();
  const { mutate: mutateCache } = useSWRConfig();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [details, setDetails] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const tooLong = Array.from(details).length > REPORT_DETAILS_MAX;

  const done = () => {
    void mutateCache(isCharacterList);
    setReason(null);
    setDetails('');
    onClose();
    onReported?.();
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!reason) {
      setError(REPORT_TEXT.chooseReason);
      return;
    }
    if (tooLong) return;
    setBusy(true);
    setError(null);
    try {
      await mutate('POST', `/api/characters/${encodeURIComponent(character.id)}/reports`, { reason, details: details.trim() });
      toast({ title: MODERATION_MESSAGES.reported, variant: 'success' });
      done();
    } catch (err) {
      if (err instanceof ApiError && err.status === 409 && err.code === MODERATION_ERROR_CODES.alreadyReported) {
        toast({ title: MODERATION_MESSAGES.alreadyReported });
        done();
      } else {
        setError(REPORT_TEXT.failed);
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} title={REPORT_TEXT.title(character.name)} onClose={busy ? undefined : onClose}>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Reasons>
          <legend>{REPORT_TEXT.reason}</legend>
          {REPORT_REASONS.map((id) => (
            <Reason key={id} $checked={reason === id}>
              <input
                type="radio"
                name="report-reason"
                value={id}
                checked={reason === id}
                onChange={() => {
                  setReason(id);
                  setError(null);
                }}
              />
              {REPORT_REASON_LABELS[id]}
            </Reason>
          ))}
        </Reasons>
        <TextAreaField
          label={REPORT_TEXT.details}
          placeholder={REPORT_TEXT.detailsPlaceholder}
          value={details}
          max={REPORT_DETAILS_MAX}
          rows={3}
          onChange={(e) => setDetails(e.target.value)}
          error={tooLong ? REPORT_TEXT.detailsTooLong : undefined}
        />
        {error ? <ErrorText role="alert">{error}</ErrorText> : null}
        <FormActions
          cancelLabel={REPORT_TEXT.cancel}
          submitLabel={REPORT_TEXT.submit}
          busyLabel={REPORT_TEXT.submitting}
          busy={busy}
          onCancel={onClose}
          submitDisabled={busy || tooLong}
        />
      </form>
    </Dialog>
  );
}
