import { PROMO } from '@lakorn/contracts/web';

// Texts of /admin/promo-codes. The spec gives this screen in English ('Copied!', 'Are you sure you
// want to delete this code?', 'Code must contain only letters and numbers', 'Failed to … promo
// code: {message}' under the title 'Error'), so the whole screen is English (ARCHITECTURE §9).

export const PROMO_TEXT = {
  title: 'Promo Codes',
  refresh: 'Refresh',
  create: 'Create Code',
  tableLabel: 'Promo codes',
  columns: { code: 'Code', coins: 'Coins', type: 'Type', usage: 'Usage', status: 'Status', created: 'Created', actions: 'Actions' },
  types: { limited: 'Limited', unlimited: 'Unlimited' },
  usage: (used: number, max: number | null) => (max === null ? `${used} / ∞` : `${used} / ${max}`),
  active: 'Active',
  inactive: 'Inactive',
  copy: (code: string) => `Copy ${code}`,
  toggle: (code: string) => `Active: ${code}`,
  delete: (code: string) => `Delete ${code}`,
  /** spec §2: the copy toast. */
  copied: 'Copied!',
  copyFailed: 'Could not copy the code',
  /** spec §2: the delete confirm prompt. */
  deleteTitle: 'Delete promo code',
  deleteConfirm: 'Are you sure you want to delete this code?',
  deleteButton: 'Delete',
  deleting: 'Deleting...',
  cancel: 'Cancel',
  deleted: 'Promo code deleted',
  /** spec §8: toast title 'Error' with 'Failed to create / update / delete promo code: {message}'. */
  errorTitle: 'Error',
  createFailed: (message: string) => `Failed to create promo code: ${message}`,
  updateFailed: (message: string) => `Failed to update promo code: ${message}`,
  deleteFailed: (message: string) => `Failed to delete promo code: ${message}`,
  loading: 'Loading promo codes...',
  /** spec §8: 'cannot load data, try again later' with a retry button. */
  loadFailed: 'Cannot load data, please try again later',
  retry: 'Retry',
  empty: 'No promo codes yet',
  emptyHint: 'Create a code that members can redeem for coins on their profile page.',

  dialogTitle: 'Create Promo Code',
  generateRandom: 'Generate a random code',
  codeLabel: 'Code',
  codePlaceholder: 'e.g. SONGKRAN2025',
  codeHint: `${PROMO.codeMinLength}-${PROMO.codeMaxLength} letters and numbers. Leave empty for a random code.`,
  codeLength: `Code must be ${PROMO.codeMinLength}-${PROMO.codeMaxLength} characters`,
  /** spec §5, verbatim. */
  codeCharset: 'Code must contain only letters and numbers',
  coinsLabel: 'Coins',
  coinsRange: `Coins must be between ${PROMO.coinsMin} and ${PROMO.coinsMax.toLocaleString('en-US')}`,
  typeLabel: 'Type',
  maxUsesLabel: 'Max uses',
  maxUsesHint: 'How many members can redeem this code (each member once).',
  maxUsesMin: `Max uses must be at least ${PROMO.maxUsesMin}`,
  submit: 'Create',
  submitting: 'Creating...',
  created: 'Promo code created',
} as const;
