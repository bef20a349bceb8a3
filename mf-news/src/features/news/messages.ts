import type { NewsType } from '@lakorn/contracts/web';

// Thai texts of the news carousel and list (spec §2 News and check-in).
export const NEWS_TEXT = {
  carouselLabel: 'ข่าวเด่น',
  slideLabel: (n: number, total: number) => `สไลด์ที่ ${n} จาก ${total}`,
  goToSlide: (n: number) => `ไปยังสไลด์ที่ ${n}`,
  /** spec §2: the placeholder slide when no news has an image. */
  noNews: 'ยังไม่มีข่าวสารในขณะนี้',
  noNewsHint: 'ติดตามกิจกรรมและข่าวสารใหม่ ๆ ได้ที่นี่เร็ว ๆ นี้',
  latestTitle: 'ข่าวสารล่าสุด',
  loadFailed: 'โหลดข่าวสารไม่สำเร็จ',
  /** mf-news README "A news item in full". */
  close: 'ปิด',
  missingTitle: 'ไม่พบข่าวนี้',
  missingBody: 'ข่าวนี้อาจถูกลบไปแล้ว ดูข่าวสารล่าสุดได้ที่หน้านี้',
  types: { update: 'อัปเดต', event: 'กิจกรรม', announcement: 'ประกาศ' } satisfies Record<NewsType, string>,
} as const;
