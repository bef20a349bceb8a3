// One way to reach the database: what mongoose's query layer costs over the driver, on the
// documents and calls the services make (bench/README.md "data access"). Same model, same
// connection, interleaved runs; the services reach the driver through their models
// (service-kit `collectionOf`), and this is the measurement that says why.
import mongoose, { Schema } from 'mongoose';
import { loadAverage, timeRuns, type Sample } from '../support/measure';

interface EntryDoc {
  _id: string;
  userId: string;
  amount: number;
  kind: string;
  createdAt: Date;
}

const RUNS = Number(process.env.BENCH_RUNS ?? 400);
const URL = process.env.MONGODB_URL ?? 'mongodb://127.0.0.1:27017/?directConnection=true&retryWrites=false';

async function main() {
  const connection = await mongoose.createConnection(URL, { dbName: 'bench_data_access', autoIndex: false }).asPromise();
  const model = connection.model<EntryDoc>(
    'entries',
    new Schema<EntryDoc>(
      { _id: String, userId: { type: String, index: true }, amount: Number, kind: String, createdAt: Date },
      { versionKey: false, collection: 'entries' },
    ),
  );
  await model.createIndexes();
  const collection = model.collection as unknown as mongoose.mongo.Collection<EntryDoc>;
  await collection.deleteMany({});
  const doc = (prefix: string, i: number): EntryDoc => ({ _id: `${prefix}${i}`, userId: `u${i % 50}`, amount: i, kind: 'debit', createdAt: new Date() });
  const seed = Array.from({ length: 2000 }, (_, i) => doc('seed', i));
  await collection.insertMany(seed);

  const pairs: Array<[Sample, Sample]> = [];
  for (let round = 0; round < 2; round++) {
    pairs.push([
      await timeRuns('insert: Model.create', RUNS, (i) => model.create(doc(`m${round}-`, i))),
      await timeRuns('insert: collection.insertOne', RUNS, (i) => collection.insertOne(doc(`d${round}-`, i))),
    ]);
    pairs.push([
      await timeRuns('read by _id: Model.findOne().lean()', RUNS, (i) => model.findOne({ _id: `seed${i % 2000}` }).lean().exec()),
      await timeRuns('read by _id: collection.findOne', RUNS, (i) => collection.findOne({ _id: `seed${i % 2000}` })),
    ]);
    pairs.push([
      await timeRuns('find by userId: Model.find().lean()', RUNS / 4, (i) => model.find({ userId: `u${i % 50}` }).lean().exec()),
      await timeRuns('find by userId: collection.find', RUNS / 4, (i) => collection.find({ userId: `u${i % 50}` }).toArray()),
    ]);
    pairs.push([
      await timeRuns('find by userId: Model.find() (documents)', RUNS / 4, (i) => model.find({ userId: `u${i % 50}` }).exec()),
      await timeRuns('find by userId: collection.find', RUNS / 4, (i) => collection.find({ userId: `u${i % 50}` }).toArray()),
    ]);
  }
  console.info(`data access, ${RUNS} runs, ${loadAverage()}; ms p50 (p99)`);
  console.info('| call | mongoose | driver | mongoose ÷ driver (p50) |\n| --- | ---: | ---: | ---: |');
  for (const [m, d] of pairs) {
    console.info(`| ${m.label} vs ${d.label.split(': ')[1]} | ${m.p50.toFixed(2)} (${m.p99.toFixed(2)}) | ${d.p50.toFixed(2)} (${d.p99.toFixed(2)}) | ${(m.p50 / d.p50).toFixed(2)}× |`);
  }
  await connection.dropDatabase();
  await connection.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
