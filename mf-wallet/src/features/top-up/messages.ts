// spec §2 profile top-up section.
export const TOP_UP_TEXT = {
  title: 'เติมเหรียญ',
  subtitle: 'เลือกแพ็กเกจแล้วชำระเงินผ่าน PromptPay',
  loading: 'กำลังโหลดแพ็กเกจ...',
  buy: (coins: string, price: string) => `ซื้อ ${coins} ราคา ${price}`,
  bestValue: 'คุ้มที่สุด',
} as const;
