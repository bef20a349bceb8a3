import mongoose, { Schema } from 'mongoose';
import { z } from 'zod';
import { contractFields, modelOf } from '../src/data/models';

describe('models declared once (README "One service shape": mongoose models, fields from the contract)', () => {
  it('contractFields types each zod string, enum, number and boolean, and refuses what it cannot type', () => {
    const fields = contractFields(z.object({ name: z.string(), genre: z.enum(['daily', 'romantic']), likes: z.number().int(), isPublic: z.boolean() }).shape);
    expect(fields).toEqual({
      name: { type: String },
      genre: { type: String, enum: ['daily', 'romantic'] },
      likes: { type: Number, required: true },
      isPublic: { type: Boolean, required: true },
    });
    expect(() => contractFields(z.object({ tags: z.array(z.string()) }).shape)).toThrow(/tags is a zod array/);
  });

  it('modelOf builds a model once per connection and hands the same one back', () => {
    const connection = mongoose.createConnection();
    let built = 0;
    const schema = () => {
      built += 1;
      return new Schema<{ _id: string }>({ _id: String }, { collection: 'things' });
    };
    const first = modelOf(connection, 'Thing', schema);
    expect(modelOf(connection, 'Thing', schema)).toBe(first);
    expect(built).toBe(1);
  });
});
