/**
 * Migrates the deployment's database (DATABASE_URL) and seeds the demo content into it when it has
 * no user yet, for the local cluster (deploy/local-cluster.sh) and try-outs. Production servers never
 * seed demo data; this is the one way to put it on PostgreSQL. Its media go to the configured media
 * storage (MEDIA_DRIVER, S3_*).
 *   DATABASE_URL=... JWT_SECRET=... AUTH_KEY=... node --import tsx deploy/seedDemo.ts
 */
import { loadConfig } from '../server/config';
import { openDb } from '../server/db/connection';
import { migrateToLatest } from '../server/db/migrations';
import { createPasswordHasher } from '../server/domain/passwords';
import { createMediaStorage } from '../server/media/configuredStorage';
import { demoSource } from '../server/seed/demoSource';
import { seedDemo } from '../server/seed/seedDatabase';

async function main(): Promise<void> {
  const config = loadConfig();
  if (!config.databaseUrl) throw new Error('DATABASE_URL is not set: the embedded database seeds the demo itself (--demo)');
  const db = openDb({ kind: 'postgres', url: config.databaseUrl });
  try {
    await migrateToLatest(db);
    // The demo's images, videos and lesson plans go to the configured media storage, which every
    // instance must share (MEDIA_DRIVER=s3): a local folder here would be this machine's only.
    const media = await createMediaStorage(config);
    const seeded = await seedDemo({ db, hasher: createPasswordHasher(config.argon2), clock: () => new Date() }, demoSource, media);
    process.stdout.write(seeded ? 'demo content seeded\n' : 'the database has users already: not seeded\n');
  } finally {
    await db.close();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`seedDemo: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
