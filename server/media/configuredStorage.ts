/** The media storage the configuration names: the local folder, or an S3-compatible object store. */
import type { Config } from '../config';
import { localStorage, type MediaStorage } from './storage';

/** The configured driver; the S3 client is loaded only when it is used. */
export async function createMediaStorage(config: Config): Promise<MediaStorage> {
  if (config.media.driver === 's3') {
    const { s3Storage } = await import('./s3Storage');
    return s3Storage(config.media.s3);
  }
  return localStorage(config.publicDir);
}
