import { useState } from 'react';
import { mutate, useSession } from '@lakorn/shell-sdk';
import { Button, Dialog, theme, ThaiText } from '@lakorn/ui';

export const MAINTENANCE_TEXT = {
  title: 'ประกาศจากทีมงาน',
  body: 'ระบบได้รับการอัปเดตครั้งใหญ่ ส่งผลให้บทสนทนากับตัวละครก่อนหน้านี้ถูกลบออกทั้งหมด ขออภัยในความไม่สะดวก',
  refund: 'เหรียญที่ใช้ไประหว่างวันที่ 13–16 เมษายน จะได้รับคืน 110% (ปัดขึ้น)',
  contact: 'หากมีข้อสงสัย ติดต่อเราได้ทางเพจโซเชียลมีเดียของผู้ให้บริการ',
  understood: 'เข้าใจแล้ว',
} as const;

/**
 * spec §2/§4: shown when the profile has not seen it (a new account starts with it seen: README
 * "Refinements of the spec"); only "understood" closes it. It hides at
 * once, posts the acknowledgement (errors only logged), then refreshes the profile.
 */
export function MaintenanceNotice() {
  const { profile, refreshProfile } = useSession();
  const [dismissed, setDismissed] = useState(false);
  if (!profile || profile.seenMaintenanceNotice || dismissed) return null;

  const acknowledge = async () => {
    setDismissed(true);
    try {
      await mutate('POST', '/api/users/acknowledge-maintenance', { userId: profile.id });
    } catch (error) {
      console.error('maintenance acknowledgement failed', error);
    }
    await refreshProfile();
  };

  return (
    <Dialog open title={MAINTENANCE_TEXT.title}>
      <p style={{ margin: '0 0 10px' }}>{MAINTENANCE_TEXT.body}</p>
      <p style={{ margin: '0 0 10px', color: theme.color.amber }}>{MAINTENANCE_TEXT.refund}</p>
      <p style={{ margin: 0, color: theme.color.muted, fontSize: theme.font.size.sm }}>
        <ThaiText>{MAINTENANCE_TEXT.contact}</ThaiText>
      </p>
      <div style={{ marginTop: 20 }}>
        <Button $block onClick={acknowledge}>
          {MAINTENANCE_TEXT.understood}
        </Button>
      </div>
    </Dialog>
  );
}
