// Thai strings more than one feature shows.

/** spec §8: the `{currency}` of the coin toasts. */
export const CURRENCY = 'เหรียญ';

export const SHARED_TEXT = {
  retry: 'ลองอีกครั้ง',
  cancel: 'ยกเลิก',
  close: 'ปิด',
  loading: 'กำลังโหลด...',
} as const;

/** A paid save's texts (chat README "Paying for text that reaches the model"), shared by the editors. */
export const COIN_TEXT = {
  /** The save button with the coins the save takes; the plain label when it takes none. */
  saveLabel: (label: string, cost: number) => (cost > 0 ? `${label} · ${cost} ${CURRENCY}` : label),
  notEnoughTitle: `${CURRENCY} ไม่เพียงพอ`,
  notEnoughSubmitTitle: `${CURRENCY}ไม่พอ`,
  notEnoughSubmit: (has: number, needs: number) => `คุณมี ${has} ${CURRENCY} แต่ต้องใช้ ${needs} ${CURRENCY}`,
  /** Beside a paid button the member cannot afford, before it is tapped. */
  short: `${CURRENCY}ไม่พอ`,
  topUp: `เติม${CURRENCY}`,
} as const;

/** Where coins are topped up: the profile's top-up section (mf-wallet's panel). */
export const TOP_UP_PATH = '/profile#top-up';
