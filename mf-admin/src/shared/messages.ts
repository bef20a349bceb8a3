// Texts shared by every admin page. The no-access screens (spec §2) live in @lakorn/ui
// (ADMIN_NO_ACCESS), shared with the shell's admin gate, which normally shows them first.

export const SHARED_TEXT = {
  /** spec §2 Payment settings: a spinner while the profile loads (every page does the same). */
  checkingAccess: 'กำลังตรวจสอบสิทธิ์...',
} as const;
