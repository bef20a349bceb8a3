import { DAILY_COIN_DEFAULTS, dayOfWeekOf, type DailyCoinSetting, type SpecialCheckinDay } from '@lakorn/contracts';

export interface DayReward {
  coins: number;
  special: boolean;
}

/**
 * What checking in on `date` gives: the special day's amount when the day is one (spec §9: a
 * special day overrides the weekday amount), else that weekday's setting.
 */
export function rewardFor(date: string, special: SpecialCheckinDay | null | undefined, weekly: readonly DailyCoinSetting[]): DayReward {
  if (special) return { coins: special.coinAmount, special: true };
  const day = dayOfWeekOf(date);
  const setting = weekly.find((s) => s.dayOfWeek === day);
  return { coins: setting?.coinAmount ?? DAILY_COIN_DEFAULTS[day] ?? DAILY_COIN_DEFAULTS[0], special: false };
}
