import { ERROR_CODES, SIGN_IN_EXPIRED_CODE, SIGN_IN_EXPIRED_MESSAGE, USERNAME_NOT_ALLOWED_MESSAGE, USERNAME_TAKEN_MESSAGE } from '@lakorn/contracts';
import { badRequest, conflict, HttpError, unauthorized, type DomainErrorMap } from '@lakorn/service-kit';
import { AccountNotFound, InvalidCredential, SignInExpired, UsernameNotAllowed, UsernameTaken } from '../domain/errors';

/** Identity's one map from its domain's refusals to HTTP (README "One service shape"). */
export const identityErrors: DomainErrorMap = (error) => {
  if (error instanceof UsernameTaken) return conflict(USERNAME_TAKEN_MESSAGE, ERROR_CODES.usernameTaken);
  if (error instanceof UsernameNotAllowed) return badRequest(USERNAME_NOT_ALLOWED_MESSAGE, ERROR_CODES.usernameNotAllowed);
  if (error instanceof AccountNotFound) return unauthorized('Account not found');
  if (error instanceof InvalidCredential) return unauthorized(error.message);
  if (error instanceof SignInExpired) return new HttpError(401, SIGN_IN_EXPIRED_MESSAGE, SIGN_IN_EXPIRED_CODE);
  return undefined;
};
