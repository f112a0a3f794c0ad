import { MongoClient } from 'mongodb';

/** Removes the database a suite used on a real MongoDB. */
export async function dropMongoDatabase(url: string, database: string): Promise<void> {
  const client = await MongoClient.connect(url);
  try {
    await client.db(database).dropDatabase();
  } finally {
    await client.close();
  }
}
