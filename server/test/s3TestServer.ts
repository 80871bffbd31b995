/**
 * A real S3-protocol server for tests (s3rver, in this process) with one bucket, 'portal-media',
 * in a fresh folder; `env` configures the portal's S3 media driver for it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

export const S3_TEST_BUCKET = 'portal-media';

export interface S3TestServer {
  /** The folder s3rver keeps its objects in: {dir}/{bucket}/{key}._S3rver_object. */
  dir: string;
  env: Record<string, string>;
  close(): Promise<void>;
}

export async function startS3TestServer(extraEnv: Record<string, string> = {}): Promise<S3TestServer> {
  const dir = mkdtempSync(path.join(tmpdir(), 's3rver-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir, configureBuckets: [{ name: S3_TEST_BUCKET }] });
  const { port } = await server.run();
  return {
    dir,
    env: {
      MEDIA_DRIVER: 's3',
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_BUCKET: S3_TEST_BUCKET,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      ...extraEnv,
    },
    async close() {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
