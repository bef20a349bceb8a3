import { Schema, type Connection, type IndexDefinition, type IndexOptions, type Model, type SchemaDefinition, type SchemaOptions } from 'mongoose';
import type { z } from 'zod';

/**
 * The connection's model `name`, built from `schema()` the first time it is asked for: a test (or
 * a second catalog instance) may compose a service twice over one connection, and mongoose
 * refuses a second model of one name.
 */
export function modelOf<T>(connection: Connection, name: string, schema: () => Schema<T>): Model<T> {
  const existing = (connection.models as Partial<Record<string, Model<T>>>)[name];
  return existing ?? connection.model<T>(name, schema());
}

/**
 * A document's fields declared by the contract that defines them (packages/contracts), so a field
 * added there is stored without a second list here: a zod string, enum (with its values), number
 * or boolean becomes a mongoose field of that type (numbers and booleans required; strings may be
 * empty). Anything else is refused, to be declared by hand.
 */
export function contractFields(shape: z.ZodRawShape): SchemaDefinition {
  const fields: SchemaDefinition = {};
  for (const [name, field] of Object.entries(shape)) {
    const def = field._zod.def;
    if (def.type === 'string') fields[name] = { type: String };
    else if (def.type === 'enum') fields[name] = { type: String, enum: Object.values((def as z.core.$ZodEnumDef).entries) };
    else if (def.type === 'number') fields[name] = { type: Number, required: true };
    else if (def.type === 'boolean') fields[name] = { type: Boolean, required: true };
    else throw new TypeError(`contractFields: ${name} is a zod ${def.type}; declare it by hand`);
  }
  return fields;
}

/** An index: its fields, or its fields with options (`{ unique: true }`). */
export type IndexSpec = IndexDefinition | [IndexDefinition, IndexOptions?];

/**
 * A collection's schema as the services declare it: a required string `_id` (documents carry
 * their own ids), no version key, the given fields and indexes. `options` adds mongoose's own
 * (`strict: false` for documents written whole, `minimize: false`).
 */
export function schemaOf(collection: string, fields: SchemaDefinition = {}, indexes: IndexSpec[] = [], options: SchemaOptions = {}): Schema {
  const schema = new Schema({ _id: { type: String, required: true }, ...fields }, { versionKey: false, ...options, collection });
  for (const index of indexes) {
    const [fieldsOfIndex, indexOptions] = Array.isArray(index) ? index : [index, {}];
    schema.index(fieldsOfIndex, indexOptions);
  }
  return schema;
}
