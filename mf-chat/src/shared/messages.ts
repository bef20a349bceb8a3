// Thai strings more than one feature shows.

/** spec §8: the `{currency}` of the coin toasts. */
export const CURRENCY = 'เหรียญ';

export const SHARED_TEXT = {
  retry: 'ลองอีกครั้ง',
  cancel: 'ยกเลิก',
  close: 'ปิด',
  loading: 'กำลังโหลด...',
} as const;
