import { Schema, type Connection } from 'mongoose';
import type { NewsType } from '@lakorn/contracts';
import type { EmbeddedOutboxFields } from '@lakorn/service-kit';

// The check-in service's own database (lakorn_checkin). Only this folder imports mongoose. The
// schemas declare each collection's fields and indexes (ensureIndexes makes them); the stores
// write through the driver (collectionOf), which applies no schema default or validation, so each
// store writes every field of its documents (README "One service shape").

export interface NewsDoc {
  _id: string;
  title: string;
  content: string;
  type: NewsType;
  /** Absent when the item has no image. */
  imageUrl?: string;
  createdAt: Date;
  /** The admin's profile id. */
  createdBy: string;
}

/** One per date: the unique `date` index refuses a second special day on the same day. */
export interface SpecialDayDoc {
  _id: string;
  /** Bangkok day, yyyy-MM-dd. */
  date: string;
  coinAmount: number;
  description: string;
  createdAt: Date;
  createdBy: string;
}

/** `_id` is `day-<dayOfWeek>`, so the seven rows can be seeded and upserted without duplicates. */
export interface DailyCoinSettingDoc {
  _id: string;
  dayOfWeek: number;
  coinAmount: number;
  updatedAt: Date;
}

/**
 * One user's check-in on one Bangkok day. `_id` is the credit's opId `checkin:<userId>:<date>`
 * (ARCHITECTURE §3): inserting it is the once-per-day rule, since the unique `_id` refuses a
 * second insert however many requests race. The document never changes after the insert, so it
 * carries its own `wallet.credit.requested` event for the outbox relay (ARCHITECTURE §4).
 */
export interface CheckinDoc extends EmbeddedOutboxFields {
  _id: string;
  userId: string;
  date: string;
  coinsReceived: number;
  special: boolean;
  createdAt: Date;
}

/** Collections whose documents carry their own event (service-kit outbox `embedded`). */
export const EMBEDDED_OUTBOX_COLLECTIONS = ['checkins'];

export function checkinModels(connection: Connection) {
  const news = connection.model<NewsDoc>('News', new Schema<NewsDoc>(
    { _id: String, title: String, content: String, type: { type: String }, imageUrl: String, createdAt: Date, createdBy: String },
    { versionKey: false, collection: 'news' },
  ).index({ createdAt: -1 }));
  const specialDays = connection.model<SpecialDayDoc>('SpecialDay', new Schema<SpecialDayDoc>(
    { _id: String, date: String, coinAmount: Number, description: String, createdAt: Date, createdBy: String },
    { versionKey: false, collection: 'special_checkin_days' },
  ).index({ date: 1 }, { unique: true }));
  const dailyCoinSettings = connection.model<DailyCoinSettingDoc>('DailyCoinSetting', new Schema<DailyCoinSettingDoc>(
    { _id: String, dayOfWeek: Number, coinAmount: Number, updatedAt: Date },
    { versionKey: false, collection: 'daily_coin_settings' },
  ).index({ dayOfWeek: 1 }, { unique: true }));
  const checkinSchema = new Schema<CheckinDoc>(
    { _id: String, userId: String, date: String, coinsReceived: Number, special: Boolean, createdAt: Date, outboxPending: Boolean, outbox: Schema.Types.Mixed },
    { versionKey: false, collection: 'checkins' },
  );
  // The same rule as the _id, stated where a reader looks for it; and the calendar's query.
  checkinSchema.index({ userId: 1, date: 1 }, { unique: true });
  checkinSchema.index({ outboxPending: 1 });
  const checkins = connection.model<CheckinDoc>('Checkin', checkinSchema);
  return { news, specialDays, dailyCoinSettings, checkins };
}

export type CheckinModels = ReturnType<typeof checkinModels>;
