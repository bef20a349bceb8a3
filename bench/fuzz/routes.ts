// Every route of the product (spec §7 and the services' routers; the gateway's route table
// gateway/src/api/routeTable.ts maps their prefixes to services), with what a valid call looks like.
// The fuzzer (bench/README.md "fuzz") starts from these valid calls and breaks one thing at a time.
import type { z } from 'zod';
import * as contracts from '@lakorn/contracts';
import type { Member } from '../support/stack';

export type Group = 'identity' | 'catalog' | 'chat' | 'wallet' | 'checkin';
export type Role = 'visitor' | 'member' | 'admin';

/** What the fuzzer made before it starts: real ids, so a valid-shaped call reaches real data. */
export interface World {
  admin: Member;
  member: Member;
  other: Member;
  /**
   * Members the routes that end their actor (sign-out, account removal) act as, two per route
   * (the first call ends one, the rest find it ended); never counted in the coin check.
   */
  disposable: Record<string, Member[]>;
  characterId: string;
  chatId: string;
  personaId: string;
  promoId: string;
  newsId: string;
  specialDayId: string;
}

/** The signed-in actor of a call (the member's id stands in for a visitor's body fields). */
export interface Actor {
  role: Role;
  member?: Member;
  id: string;
}

type Values = (world: World, actor: Actor) => Record<string, unknown>;

export interface RouteSpec {
  group: Group;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Express-style template: `:name` segments are path parameters. */
  path: string;
  /** Valid values of the path parameters. */
  params?: (world: World, actor: Actor) => Record<string, string>;
  query?: Values;
  body?: 'json' | 'multipart' | 'form' | 'raw';
  /** A valid JSON body (or the multipart fields) for this actor. */
  valid?: Values;
  /** The contract the service parses the body (or query) with: its field names are mutated too. */
  schema?: z.ZodType;
  /** The statuses the route documents for success (any other 2xx/3xx is a finding). */
  ok: number[];
  /** Signed-in roles act as disposable members: the route ends its actor's session or account. */
  disposable?: true;
  /**
   * A page of the development sign-in (ARCHITECTURE §5), which a browser shows: its refusals are
   * the page again with the reason (HTML), not JSON.
   */
  page?: true;
}

/**
 * A call that would move coins when valid must never be valid in the fuzz: the coin check
 * (no coin moved) would otherwise be guessing. So a send names a chat nobody owns, a redeem a code
 * nobody made, and every counted member has already checked in today (ARCHITECTURE §3).
 */
export const NO_SUCH_CHAT = 'fuzz-no-such-chat';
export const NO_SUCH_CODE = 'NOSUCHFUZZCODE';
/**
 * A message, report and character nobody has: a regenerate, an edit, a pin or a summary may cost
 * coins (chat README "Pricing"), and a moderation call would hide the fuzz's own character.
 */
export const NO_SUCH_MESSAGE = 'fuzz-no-such-message';
export const NO_SUCH_REPORT = 'fuzz-no-such-report';
export const NO_SUCH_CHARACTER = 'fuzz-no-such-character';

const self = (_w: World, a: Actor) => ({ userId: a.id, uid: a.id });
const character = (w: World, a: Actor) => ({
  ...self(w, a),
  name: 'ตัวละครฟัซ',
  gender: 'female',
  genre: 'daily',
  personality: 'ใจดี ชอบฟังเรื่องราว',
  firstMessage: 'สวัสดีค่ะ',
  isPublic: false,
  description: '',
});
const persona = (w: World, a: Actor) => ({
  ...self(w, a),
  name: 'เพอร์โซนาฟัซ',
  appearance: 'ผมสั้น',
  personality: 'ร่าเริง',
  background: 'นักเรียน',
});
const chatId = (w: World) => ({ id: w.chatId });
const noSuchMessage = () => ({ id: NO_SUCH_MESSAGE });
const characterId = (w: World) => ({ id: w.characterId });

export const ROUTES: RouteSpec[] = [
  // identity (spec §7 "Auth and users"; ARCHITECTURE §5)
  { group: 'identity', method: 'GET', path: '/api/auth/config', ok: [200] },
  { group: 'identity', method: 'POST', path: '/api/auth/verify', body: 'json', schema: contracts.VerifyBody, valid: () => ({ credential: 'not-a-real-token' }), ok: [200] },
  { group: 'identity', method: 'GET', path: '/api/auth/session', ok: [200] },
  { group: 'identity', method: 'POST', path: '/api/auth/logout', body: 'json', valid: () => ({}), ok: [200, 204], disposable: true },
  { group: 'identity', method: 'POST', path: '/api/auth/logout-everywhere', body: 'json', valid: () => ({}), ok: [200, 204], disposable: true },
  { group: 'identity', method: 'GET', path: '/api/auth/callback', ok: [200] },
  { group: 'identity', method: 'GET', path: '/api/auth/callback.js', ok: [200] },
  { group: 'identity', method: 'GET', path: '/api/auth/start', schema: contracts.SignInStartQuery, query: () => ({ state: 'p.fuzzfuzz', redirect_uri: 'http://localhost:8080/api/auth/callback' }), ok: [302] },
  { group: 'identity', method: 'GET', path: '/api/auth/dev/authorize', page: true, query: () => ({ redirect_uri: '/api/auth/callback', state: 'fuzz', nonce: 'fuzz' }), ok: [200] },
  { group: 'identity', method: 'POST', path: '/api/auth/dev/authorize', page: true, body: 'form', valid: () => ({ email: 'fuzz-form@lakorn.local', name: 'ฟัซ', state: 'fuzz', nonce: 'fuzz' }), ok: [200, 302, 303] },
  { group: 'identity', method: 'POST', path: '/api/auth/dev/token', body: 'json', schema: contracts.DevTokenBody, valid: () => ({ email: 'fuzz-token@lakorn.local', name: 'ฟัซ' }), ok: [200] },
  { group: 'identity', method: 'GET', path: '/api/users/:id', params: (_w, a) => ({ id: a.id }), query: () => ({ _t: String(Date.now()) }), ok: [200] },
  { group: 'identity', method: 'PUT', path: '/api/users/profile', body: 'json', schema: contracts.UpdateProfileBody, valid: (w, a) => ({ ...self(w, a), username: 'ฟัซ' }), ok: [200] },
  { group: 'identity', method: 'PUT', path: '/api/users/username', body: 'json', schema: contracts.UsernameBody, valid: (w, a) => ({ ...self(w, a), username: `ฟัซ${a.role.slice(0, 3)}` }), ok: [200] },
  { group: 'identity', method: 'POST', path: '/api/users/acknowledge-maintenance', body: 'json', schema: contracts.AcknowledgeMaintenanceBody, valid: self, ok: [200, 204] },
  { group: 'identity', method: 'POST', path: '/api/users/me/age-confirmation', body: 'json', schema: contracts.AgeConfirmationBody, valid: () => ({ confirmed: false }), ok: [200] },
  { group: 'identity', method: 'DELETE', path: '/api/users/me', ok: [204], disposable: true },

  // catalog (spec §7 "Characters"; ARCHITECTURE §8b)
  { group: 'catalog', method: 'GET', path: '/api/characters/public', schema: contracts.PublicCharactersQuery, query: () => ({ genre: 'daily', q: 'ฟัซ', seed: '7', limit: '10' }), ok: [200] },
  { group: 'catalog', method: 'GET', path: '/api/characters/user/:userId', params: (w) => ({ userId: w.member.id }), ok: [200] },
  { group: 'catalog', method: 'POST', path: '/api/characters', body: 'json', schema: contracts.CharacterInput, valid: character, ok: [200, 201] },
  { group: 'catalog', method: 'GET', path: '/api/characters/:id', params: characterId, ok: [200] },
  { group: 'catalog', method: 'PUT', path: '/api/characters/:id', params: characterId, body: 'json', schema: contracts.CharacterInput, valid: character, ok: [200] },
  { group: 'catalog', method: 'DELETE', path: '/api/characters/:id', params: characterId, body: 'json', valid: self, ok: [200, 204] },
  { group: 'catalog', method: 'GET', path: '/api/characters/:id/like/:uid', params: (w, a) => ({ id: w.characterId, uid: a.id }), ok: [200] },
  { group: 'catalog', method: 'POST', path: '/api/characters/:id/like', params: characterId, body: 'json', schema: contracts.LikeBody, valid: self, ok: [200] },
  { group: 'catalog', method: 'GET', path: '/api/characters/:id/card', params: characterId, ok: [200] },
  { group: 'catalog', method: 'GET', path: '/api/characters/allowance', ok: [200] },
  { group: 'catalog', method: 'GET', path: '/api/characters/:id/stats', params: characterId, ok: [200] },
  { group: 'catalog', method: 'POST', path: '/api/characters/:id/reports', params: () => ({ id: NO_SUCH_CHARACTER }), body: 'json', schema: contracts.ReportBody, valid: () => ({ reason: 'spam', details: 'ฟัซ' }), ok: [] },
  { group: 'catalog', method: 'GET', path: '/api/admin/reports', schema: contracts.AdminReportsQuery, query: () => ({ status: 'all', limit: '10' }), ok: [200] },
  { group: 'catalog', method: 'POST', path: '/api/admin/reports/:id/resolve', params: () => ({ id: NO_SUCH_REPORT }), body: 'json', schema: contracts.ResolveReportBody, valid: () => ({ action: 'dismiss' }), ok: [] },
  { group: 'catalog', method: 'PUT', path: '/api/admin/characters/:id/moderation', params: () => ({ id: NO_SUCH_CHARACTER }), body: 'json', schema: contracts.ModerationBody, valid: () => ({ hidden: false }), ok: [] },
  { group: 'catalog', method: 'GET', path: '/api/admin/audit', schema: contracts.AuditQuery, query: () => ({ limit: '10' }), ok: [200] },
  { group: 'catalog', method: 'POST', path: '/api/upload/character-image', body: 'multipart', schema: contracts.UploadFields, valid: self, ok: [200, 201] },
  { group: 'catalog', method: 'POST', path: '/api/upload/character-card', body: 'multipart', valid: self, ok: [200, 201] },
  { group: 'catalog', method: 'POST', path: '/api/upload/character-card/png', body: 'multipart', valid: self, ok: [200, 201] },
  { group: 'catalog', method: 'GET', path: '/character-images/:file', params: () => ({ file: `${'ab'.repeat(12)}.png` }), ok: [200] },
  { group: 'catalog', method: 'GET', path: '/uploads/character-images/:file', params: () => ({ file: `${'ab'.repeat(12)}.png` }), query: () => ({ retry: '1' }), ok: [200] },

  // chat (spec §7 "Chats, messages, personas, memory"; ARCHITECTURE §6)
  { group: 'chat', method: 'POST', path: '/api/chats', body: 'json', schema: contracts.CreateChatBody, valid: (w, a) => ({ ...self(w, a), characterId: w.characterId, newChat: true }), ok: [200, 201] },
  { group: 'chat', method: 'GET', path: '/api/chats/user/:userId', params: (_w, a) => ({ userId: a.id }), ok: [200] },
  { group: 'chat', method: 'GET', path: '/api/chats/character/:characterId', params: (w) => ({ characterId: w.characterId }), ok: [200] },
  { group: 'chat', method: 'GET', path: '/api/chats/:id', params: chatId, query: () => ({ t: String(Date.now()) }), ok: [200] },
  { group: 'chat', method: 'DELETE', path: '/api/chats/:id', params: chatId, ok: [200, 204] },
  { group: 'chat', method: 'GET', path: '/api/chats/:id/persona', params: chatId, ok: [200] },
  { group: 'chat', method: 'POST', path: '/api/chats/:id/persona', params: chatId, body: 'json', schema: contracts.SetChatPersonaBody, valid: (w, a) => ({ ...self(w, a), personaId: w.personaId }), ok: [200] },
  { group: 'chat', method: 'DELETE', path: '/api/chats/:id/persona', params: chatId, ok: [200, 204] },
  { group: 'chat', method: 'GET', path: '/api/chats/:id/memory', params: chatId, ok: [200] },
  { group: 'chat', method: 'POST', path: '/api/chats/:id/memory', params: () => ({ id: NO_SUCH_CHAT }), body: 'json', schema: contracts.MemoryBody, valid: (w, a) => ({ ...self(w, a), memory: 'จำไว้ว่าชอบชาเย็น' }), ok: [] },
  { group: 'chat', method: 'DELETE', path: '/api/chats/:id/memory', params: chatId, ok: [200, 204] },
  { group: 'chat', method: 'GET', path: '/api/chats/:id/summary', params: chatId, ok: [200] },
  { group: 'chat', method: 'PUT', path: '/api/chats/:id/summary', params: () => ({ id: NO_SUCH_CHAT }), body: 'json', schema: contracts.SummaryBody, valid: (w, a) => ({ ...self(w, a), summary: 'เรื่องที่ผ่านมา' }), ok: [] },
  { group: 'chat', method: 'GET', path: '/api/chats/:id/pins', params: chatId, ok: [200] },
  { group: 'chat', method: 'POST', path: '/api/messages/:id/pin', params: noSuchMessage, body: 'json', valid: () => ({}), ok: [] },
  { group: 'chat', method: 'DELETE', path: '/api/messages/:id/pin', params: noSuchMessage, ok: [] },
  { group: 'chat', method: 'PUT', path: '/api/messages/:id', params: noSuchMessage, body: 'json', schema: contracts.EditMessageBody, valid: (w, a) => ({ ...self(w, a), content: 'แก้ข้อความ' }), ok: [] },
  { group: 'chat', method: 'DELETE', path: '/api/chats/:id/messages', params: chatId, schema: contracts.RewindQuery, query: () => ({ from: NO_SUCH_MESSAGE, count: '1' }), ok: [] },
  { group: 'chat', method: 'POST', path: '/api/chats/:id/branch', params: chatId, body: 'json', schema: contracts.BranchChatBody, valid: (w, a) => ({ ...self(w, a), fromMessageId: NO_SUCH_MESSAGE }), ok: [] },
  { group: 'chat', method: 'POST', path: '/api/messages/:id/regenerate', params: noSuchMessage, body: 'json', schema: contracts.RegenerateBody, valid: (w, a) => ({ ...self(w, a), clientMessageId: 'fuzz-regenerate-1' }), ok: [] },
  { group: 'chat', method: 'PUT', path: '/api/messages/:id/selected', params: noSuchMessage, body: 'json', schema: contracts.SelectAlternativeBody, valid: (w, a) => ({ ...self(w, a), index: 0 }), ok: [] },
  { group: 'chat', method: 'POST', path: '/api/messages/:id/rating', params: noSuchMessage, body: 'json', schema: contracts.RateMessageBody, valid: (w, a) => ({ ...self(w, a), value: 1 }), ok: [] },
  { group: 'chat', method: 'GET', path: '/api/messages/chat/:chatId', params: (w) => ({ chatId: w.chatId }), schema: contracts.MessagesOfChatQuery, query: () => ({ limit: '20' }), ok: [200] },
  { group: 'chat', method: 'GET', path: '/api/messages/by-client-id/:clientMessageId', params: () => ({ clientMessageId: 'fuzz-client-message-1' }), ok: [200, 202] },
  {
    group: 'chat',
    method: 'POST',
    path: '/api/messages',
    body: 'json',
    schema: contracts.SendMessageBody,
    valid: (w, a) => ({ ...self(w, a), chatId: NO_SUCH_CHAT, content: 'สวัสดี', isUser: true, personaId: w.personaId, clientMessageId: 'fuzz-client-message-1' }),
    ok: [],
  },
  { group: 'chat', method: 'GET', path: '/api/personas/user/:userId', params: (_w, a) => ({ userId: a.id }), ok: [200] },
  { group: 'chat', method: 'POST', path: '/api/personas', body: 'json', schema: contracts.PersonaInput, valid: persona, ok: [200, 201] },
  { group: 'chat', method: 'PUT', path: '/api/personas/:id', params: (w) => ({ id: w.personaId }), body: 'json', schema: contracts.PersonaInput, valid: persona, ok: [200] },
  { group: 'chat', method: 'DELETE', path: '/api/personas/:id', params: (w) => ({ id: w.personaId }), ok: [200, 204] },

  // wallet (spec §7 "Coins and payments", "Admin"; ARCHITECTURE §3, §8)
  { group: 'wallet', method: 'GET', path: '/api/payment-system/status', ok: [200] },
  { group: 'wallet', method: 'POST', path: '/api/payments/promptpay', body: 'json', schema: contracts.CreatePaymentBody, valid: (w, a) => ({ ...self(w, a), package: 'small' }), ok: [200, 201] },
  { group: 'wallet', method: 'GET', path: '/api/payments/status/:paymentIntentId', params: () => ({ paymentIntentId: 'fuzz-payment' }), ok: [200] },
  { group: 'wallet', method: 'POST', path: '/api/payments/complete', body: 'json', schema: contracts.CompletePaymentBody, valid: (w, a) => ({ ...self(w, a), paymentIntentId: 'fuzz-payment' }), ok: [] },
  { group: 'wallet', method: 'POST', path: '/api/payments/simulate/:paymentIntentId', params: () => ({ paymentIntentId: 'fuzz-payment' }), body: 'json', valid: () => ({}), ok: [] },
  { group: 'wallet', method: 'POST', path: '/api/payments/webhook', body: 'raw', valid: () => ({ id: 'evt_fuzz', type: 'payment_intent.succeeded' }), ok: [] },
  { group: 'wallet', method: 'GET', path: '/api/coins/transactions/:userId', params: (_w, a) => ({ userId: a.id }), schema: contracts.TransactionsQuery, query: () => ({ limit: '10' }), ok: [200] },
  { group: 'wallet', method: 'GET', path: '/api/coins/balance', ok: [200] },
  { group: 'wallet', method: 'POST', path: '/api/coins/redeem', body: 'json', schema: contracts.RedeemBody, valid: (w, a) => ({ ...self(w, a), code: NO_SUCH_CODE }), ok: [] },
  { group: 'wallet', method: 'POST', path: '/api/coins/purchase', body: 'json', schema: contracts.PurchaseBody, valid: (w, a) => ({ ...self(w, a), package: 'small', paymentIntentId: 'fuzz-payment' }), ok: [] },
  { group: 'wallet', method: 'GET', path: '/api/admin/payment-system', ok: [200] },
  { group: 'wallet', method: 'POST', path: '/api/admin/payment-system', body: 'json', schema: contracts.PaymentSystemBody, valid: (w, a) => ({ ...self(w, a), enabled: false }), ok: [200] },
  { group: 'wallet', method: 'GET', path: '/api/admin/registration-bonus', ok: [200] },
  { group: 'wallet', method: 'POST', path: '/api/admin/registration-bonus', body: 'json', schema: contracts.RegistrationBonusBody, valid: (w, a) => ({ ...self(w, a), coins: 1000 }), ok: [200] },
  { group: 'wallet', method: 'GET', path: '/api/admin/promo-codes', schema: contracts.AdminActorQuery, query: (w, a) => ({ userId: a.id }), ok: [200] },
  { group: 'wallet', method: 'POST', path: '/api/admin/promo-codes', body: 'json', schema: contracts.CreatePromoCodeBody, valid: (w, a) => ({ ...self(w, a), generateRandom: true, coins: 5, type: 'limited', maxUses: 1 }), ok: [200, 201] },
  { group: 'wallet', method: 'PUT', path: '/api/admin/promo-codes/:id', params: (w) => ({ id: w.promoId }), body: 'json', schema: contracts.UpdatePromoCodeBody, valid: (w, a) => ({ ...self(w, a), isActive: false }), ok: [200] },
  { group: 'wallet', method: 'DELETE', path: '/api/admin/promo-codes/:id', params: (w) => ({ id: w.promoId }), schema: contracts.AdminActorQuery, query: (w, a) => ({ userId: a.id }), ok: [200, 204] },

  // checkin (spec §7 "News and check-in", "Admin")
  { group: 'checkin', method: 'GET', path: '/api/news', ok: [200] },
  { group: 'checkin', method: 'GET', path: '/api/special-checkin-days', ok: [200] },
  { group: 'checkin', method: 'GET', path: '/api/daily-coin-settings', ok: [200] },
  { group: 'checkin', method: 'GET', path: '/api/checkin/calendar', schema: contracts.CalendarQuery, query: () => ({ year: '2030', month: '2' }), ok: [200] },
  { group: 'checkin', method: 'POST', path: '/api/checkin', body: 'json', schema: contracts.CheckInBody, valid: self, ok: [] },
  { group: 'checkin', method: 'POST', path: '/api/admin/news', body: 'json', schema: contracts.CreateNewsBody, valid: (w, a) => ({ ...self(w, a), title: 'ข่าวฟัซ', content: 'เนื้อหา', type: 'update', imageUrl: '' }), ok: [200, 201] },
  { group: 'checkin', method: 'DELETE', path: '/api/admin/news/:id', params: (w) => ({ id: w.newsId }), body: 'json', schema: contracts.AdminActorBody, valid: self, ok: [204] },
  { group: 'checkin', method: 'POST', path: '/api/admin/special-checkin-days', body: 'json', schema: contracts.CreateSpecialDayBody, valid: (w, a) => ({ ...self(w, a), date: '2032-02-29', coinAmount: 100, description: 'วันพิเศษ' }), ok: [200, 201] },
  { group: 'checkin', method: 'DELETE', path: '/api/admin/special-checkin-days/:id', params: (w) => ({ id: w.specialDayId }), body: 'json', schema: contracts.AdminActorBody, valid: self, ok: [204] },
  { group: 'checkin', method: 'POST', path: '/api/admin/daily-coin-settings', body: 'json', schema: contracts.UpdateDailyCoinBody, valid: (w, a) => ({ ...self(w, a), dayOfWeek: 3, coinAmount: 20 }), ok: [200, 201] },
];

/** `GET /api/chats/:id` as one name for the tables. */
export const routeName = (route: RouteSpec) => `${route.method} ${route.path}`;
