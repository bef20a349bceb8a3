import { REGISTRATION_BONUS_MAX } from '@lakorn/contracts/web';

// Texts of /admin/registration-bonus. The spec gives this screen in English (unit COINS,
// 'Invalid value' / 'Please enter a positive number only', 'Failed to fetch registration bonus
// setting'), so the whole screen is English (ARCHITECTURE §9).

export const BONUS_TEXT = {
  title: 'Registration Bonus',
  back: 'Back',
  label: 'Coins for each new member',
  unit: 'COINS',
  save: 'Save',
  saving: 'Saving...',
  current: 'Current value',
  hint: 'Every new member receives this many coins once, when they first sign in. Set 0 to give none. Members who already joined are not affected.',
  /** spec §5: toast 'Invalid value' with 'Please enter a positive number only'. */
  invalidTitle: 'Invalid value',
  invalidBody: 'Please enter a positive number only',
  tooLarge: `Please enter at most ${REGISTRATION_BONUS_MAX.toLocaleString('en-US')}`,
  saved: 'Registration bonus updated',
  savedBody: (coins: string) => `New members will receive ${coins} COINS`,
  /** spec §8: the bonus could not be set, with a generic 'error occurred, try again later'. */
  saveFailed: 'Could not set the registration bonus',
  saveFailedBody: 'An error occurred, please try again later',
  loading: 'Loading...',
  /** spec §8, verbatim. */
  loadFailed: 'Failed to fetch registration bonus setting',
  retry: 'Retry',
} as const;
