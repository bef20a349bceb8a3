import { ERROR_CODES, USERNAME_NOT_ALLOWED_MESSAGE, USERNAME_TAKEN_MESSAGE } from '@lakorn/contracts';
import { badRequest, conflict, unauthorized, type DomainErrorMap } from '@lakorn/service-kit';
import { AccountNotFound, InvalidCredential, UsernameNotAllowed, UsernameTaken } from '../domain/errors';

/** Identity's one map from its domain's refusals to HTTP (README "One service shape"). */
export const identityErrors: DomainErrorMap = (error) => {
  if (error instanceof UsernameTaken) return conflict(USERNAME_TAKEN_MESSAGE, ERROR_CODES.usernameTaken);
  if (error instanceof UsernameNotAllowed) return badRequest(USERNAME_NOT_ALLOWED_MESSAGE, ERROR_CODES.usernameNotAllowed);
  if (error instanceof AccountNotFound) return unauthorized('Account not found');
  if (error instanceof InvalidCredential) return unauthorized(error.message);
  return undefined;
};
