import type { Request, RequestHandler } from 'express';
import { badRequest, forbidden, HttpError, isSelf, type Actor } from '@lakorn/service-kit';
import { ERROR_CODES } from '@lakorn/contracts';
import { ACTOR_FIELDS, isOpenApiRoute, ownOnlyParam } from './routeTable';

// ARCHITECTURE §5 "the server decides who acts": the spec's bodies, queries and some paths name
// the acting user (spec §7). The gateway refuses a request naming anyone else before it reaches a
// service; the services check again.

const refusal = () => forbidden('You can only act as yourself');

/**
 * The actor whose references are checked. Open routes are exempt: a sign-in body names the
 * account being signed into (spec §7 POST /api/auth/verify carries its uid), which may differ from
 * a session the browser still holds.
 */
function actorToCheck(req: Request): Actor | undefined {
  return req.actor && !isOpenApiRoute(req.method, req.path) ? req.actor : undefined;
}

/** A field value may be absent (null, '') or the actor's id or uid; anything else is refused. */
function namesSomeoneElse(actor: Actor, value: unknown): boolean {
  if (value === undefined || value === null || value === '') return false;
  return typeof value !== 'string' || !isSelf(actor, value);
}

/**
 * Query or form fields: `userId=…`/`uid=…` must name the actor. Bracket and dot forms
 * (`userId[]=`, `userId[$ne]=`, `uid.x=`) are refused outright: a parser that expands them would
 * hand the service an array or object in place of an id.
 */
function checkParams(actor: Actor, params: URLSearchParams): void {
  for (const [key, value] of params) {
    const base = key.split(/[[.]/, 1)[0] ?? key;
    if (!ACTOR_FIELDS.includes(base)) continue;
    if (key !== base || namesSomeoneElse(actor, value)) throw refusal();
  }
}

function queryOf(req: Request): URLSearchParams {
  const at = req.originalUrl.indexOf('?');
  return new URLSearchParams(at < 0 ? '' : req.originalUrl.slice(at + 1));
}

/** Own-only path parameters (route table) and the query string; runs before any body is read. */
export const refuseOthersInPathAndQuery: RequestHandler = (req, _res, next) => {
  const actor = actorToCheck(req);
  if (!actor) {
    next();
    return;
  }
  const raw = ownOnlyParam(req.method, req.path);
  if (raw !== undefined) {
    let param: string;
    try {
      param = decodeURIComponent(raw);
    } catch {
      throw badRequest('Malformed path');
    }
    if (!isSelf(actor, param)) throw refusal();
  }
  checkParams(actor, queryOf(req));
  next();
};

const JSON_TYPES = ['application/json', 'application/*+json'];
const FORM_TYPE = 'application/x-www-form-urlencoded';

/** The charset named by the Content-Type, lower-cased, or undefined. */
function charsetOf(req: Request): string | undefined {
  return /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(req.headers['content-type'] ?? '')?.[1]?.toLowerCase();
}

/**
 * JSON and form bodies (already buffered by readBody): the top-level `userId`/`uid` must name the
 * actor. The buffer is only read here; the original bytes are what the service receives.
 */
export const refuseOthersInBody: RequestHandler = (req, _res, next) => {
  const actor = actorToCheck(req);
  const body: unknown = req.body;
  if (!actor || !Buffer.isBuffer(body) || body.length === 0) {
    next();
    return;
  }
  const isJson = Boolean(req.is(JSON_TYPES));
  const isForm = !isJson && Boolean(req.is(FORM_TYPE));
  if (!isJson && !isForm) {
    next();
    return;
  }
  // Decoding must match the service's parser byte for byte, so only UTF-8 is accepted.
  const charset = charsetOf(req);
  if (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8') {
    throw new HttpError(415, `Unsupported charset "${charset}"`, ERROR_CODES.validation);
  }
  const text = new TextDecoder('utf-8').decode(body); // drops a BOM, as body-parser does
  if (isForm) {
    checkParams(actor, new URLSearchParams(text));
    next();
    return;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw badRequest('Invalid JSON body');
  }
  if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)) {
    const fields = parsed as Record<string, unknown>;
    for (const field of ACTOR_FIELDS) {
      if (!Object.hasOwn(fields, field)) continue;
      const value = fields[field];
      // A wrong type names no one: a 400 VALIDATION as the service's contract answers it (bench/README.md "fuzz").
      if (value !== undefined && value !== null && typeof value !== 'string') throw badRequest(`${field} must be a string`);
      if (namesSomeoneElse(actor, value)) throw refusal();
    }
  }
  next();
};
