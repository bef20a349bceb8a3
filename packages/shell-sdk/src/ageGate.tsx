import { useCallback, useState } from 'react';
import { useSWRConfig } from 'swr';
import type { AgeConfirmationBody, Profile } from '@lakorn/contracts/web';
import { Button, Dialog, DialogActions, theme } from '@lakorn/ui';
import { mutate } from './fetcher';
import { useSession } from './session';
import { useToast } from './toast';

/** The age gate's Thai texts: the profile's row, the wizard's spicy toggle and this dialog share them. */
export const AGE_GATE_TEXT = {
  title: 'ยืนยันอายุ 18+',
  statement: 'ฉันยืนยันว่าฉันมีอายุ 18 ปีขึ้นไป และต้องการเห็นตัวละครสำหรับผู้ใหญ่ (18+)',
  explain: 'ตัวละครแนวสไปซี่และตัวละครที่ผู้ดูแลระบบกำหนดเป็น 18+ จะแสดงเฉพาะกับสมาชิกที่ยืนยันอายุแล้ว ถอนการยืนยันได้ทุกเมื่อในโปรไฟล์',
  confirm: 'ยืนยันว่าอายุ 18 ปีขึ้นไป',
  confirming: 'กำลังยืนยัน...',
  cancel: 'ยกเลิก',
  confirmed: 'ยืนยันอายุแล้ว',
  notConfirmed: 'ยังไม่ได้ยืนยันอายุ',
  withdraw: 'ถอนการยืนยัน',
  withdrawing: 'กำลังถอน...',
  confirmedToast: 'ยืนยันอายุ 18+ แล้ว',
  withdrawnToast: 'ถอนการยืนยันอายุแล้ว ตัวละคร 18+ จะไม่แสดงอีก',
  failed: 'บันทึกการยืนยันอายุไม่สำเร็จ กรุณาลองใหม่อีกครั้ง',
} as const;

/**
 * The member's age confirmation (catalog README "Moderation and the age gate"): POST
 * /api/users/me/age-confirmation answers the profile, which becomes the session's. Listings change
 * with it (18+ characters appear or leave), so the cached character queries are fetched again.
 */
export function useAgeConfirmation() {
  const { profile, setProfile } = useSession();
  const { toast } = useToast();
  const { mutate: mutateCache } = useSWRConfig();
  const [busy, setBusy] = useState(false);

  const setConfirmed = useCallback(
    async (confirmed: boolean): Promise<boolean> => {
      setBusy(true);
      try {
        const body: AgeConfirmationBody = { confirmed };
        const next = await mutate<Profile>('POST', '/api/users/me/age-confirmation', body);
        setProfile(next);
        void mutateCache((key) => typeof key === 'string' && key.startsWith('/api/characters'));
        toast({ title: confirmed ? AGE_GATE_TEXT.confirmedToast : AGE_GATE_TEXT.withdrawnToast, variant: 'success' });
        return true;
      } catch {
        toast({ title: AGE_GATE_TEXT.failed, variant: 'destructive' });
        return false;
      } finally {
        setBusy(false);
      }
    },
    [setProfile, mutateCache, toast],
  );

  return { confirmed: profile?.ageConfirmed === true, busy, setConfirmed };
}

export interface AgeConfirmationDialogProps {
  open: boolean;
  /** After the server stored the confirmation. */
  onConfirmed: () => void;
  onCancel: () => void;
}

/** The statement that one is 18 or older, with confirm and cancel (profile, the wizard's spicy toggle). */
export function AgeConfirmationDialog({ open, onConfirmed, onCancel }: AgeConfirmationDialogProps) {
  const { busy, setConfirmed } = useAgeConfirmation();
  const confirm = async () => {
    if (await setConfirmed(true)) onConfirmed();
  };
  return (
    <Dialog open={open} title={AGE_GATE_TEXT.title} onClose={busy ? undefined : onCancel}>
      <p style={{ margin: '0 0 10px', fontWeight: 600 }}>{AGE_GATE_TEXT.statement}</p>
      <p style={{ margin: 0, color: theme.color.muted, fontSize: theme.font.size.sm }}>{AGE_GATE_TEXT.explain}</p>
      <DialogActions>
        <Button $variant="secondary" onClick={onCancel} disabled={busy}>
          {AGE_GATE_TEXT.cancel}
        </Button>
        <Button onClick={() => void confirm()} disabled={busy}>
          {busy ? AGE_GATE_TEXT.confirming : AGE_GATE_TEXT.confirm}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
