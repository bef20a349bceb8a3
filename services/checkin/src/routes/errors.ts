import { ALREADY_CHECKED_IN_MESSAGE, ERROR_CODES, SPECIAL_DAY_EXISTS_CODE, SPECIAL_DAY_EXISTS_MESSAGE } from '@lakorn/contracts';
import { conflict, notFound, type DomainErrorMap } from '@lakorn/service-kit';
import { AlreadyCheckedIn, NewsNotFound, SpecialDayExists, SpecialDayNotFound } from '../domain/errors';

/** The check-in service's one map from its domain's refusals to HTTP (README "One service shape"). */
export const checkinErrors: DomainErrorMap = (error) => {
  if (error instanceof AlreadyCheckedIn) return conflict(ALREADY_CHECKED_IN_MESSAGE, ERROR_CODES.alreadyCheckedIn);
  if (error instanceof SpecialDayExists) return conflict(SPECIAL_DAY_EXISTS_MESSAGE, SPECIAL_DAY_EXISTS_CODE);
  if (error instanceof NewsNotFound) return notFound('News item not found');
  if (error instanceof SpecialDayNotFound) return notFound('Special day not found');
  return undefined;
};
