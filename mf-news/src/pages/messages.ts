// Thai texts of the /news page frame (spec §2 News and check-in).
export const NEWS_PAGE_TEXT = {
  /** spec §2: header 'news and activities'. */
  title: 'ข่าวสารและกิจกรรม',
  /** spec §2, §6: the Admin button admins see, to /admin/news (in Thai: README "Refinements of the spec"). */
  admin: 'ผู้ดูแลระบบ',
} as const;
