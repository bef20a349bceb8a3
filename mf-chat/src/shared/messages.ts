import type { Genre } from '@lakorn/contracts/web';

// Thai strings more than one feature shows.

/** spec §8: the `{currency}` of the coin toasts. */
export const CURRENCY = 'เหรียญ';

/** spec §2 category names (discover's ids), as the chat header's options show a genre. */
export const GENRE_LABELS: Record<Genre, string> = {
  romantic: 'โรแมนติก',
  adventure: 'ผจญภัย',
  daily: 'ชีวิตประจำวัน',
  friendship: 'มิตรภาพ',
};

export const SHARED_TEXT = {
  retry: 'ลองอีกครั้ง',
  cancel: 'ยกเลิก',
  close: 'ปิด',
  loading: 'กำลังโหลด...',
} as const;
