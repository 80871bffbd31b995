/**
 * What a backup file holds, described by its last entry, manifest.json: the format, which portal
 * and database made it, when, how many rows and files it holds, and each entry's SHA-256, so that a
 * restore can tell a complete, unchanged file from a damaged one before it writes anything.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { DialectName } from '../db/connection';

export const BACKUP_FORMAT = 'youngengineer-portal-backup';
export const BACKUP_FORMAT_VERSION = 1;
export const MANIFEST_NAME = 'manifest.json';
export const DATABASE_ENTRY = { sqlite: 'database/portal.sqlite', postgres: 'database/portal.pgdump' } as const;
export const MEDIA_PREFIX = 'media/';
/** The secrets an embedded portal generates into its data folder (server/CONFIG.md): sessions and signed media links stay valid. */
export const SECRET_FILES = ['jwt-secret', 'auth-key'] as const;
export const SECRET_PREFIX = 'secrets/';

/** A refusal or failure to tell the operator in one sentence (no stack trace). */
export class BackupError extends Error {}

export interface ManifestEntry {
  name: string;
  size: number;
  sha256: string;
}

export interface Manifest {
  format: typeof BACKUP_FORMAT;
  formatVersion: number;
  portalVersion: string;
  dialect: DialectName;
  createdAt: string;
  database: {
    entry: string;
    /** "SQLite online backup" or "pg_dump <version> (custom format)". */
    tool: string;
    serverVersion: string;
    /** The schema migrations applied, so that an older portal refuses a backup it cannot run. */
    migrations: string[];
    /** Rows per table at the moment of the backup. */
    rows: Record<string, number>;
  };
  media: { driver: 'local' | 's3'; files: number; bytes: number };
  entries: ManifestEntry[];
}

/** This portal's version (package.json). */
export function portalVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(path.resolve(__dirname, '..', '..', 'package.json'), 'utf8')) as { version?: unknown };
    return typeof pkg.version === 'string' ? pkg.version : 'unknown';
  } catch {
    return 'unknown';
  }
}

/** The manifest's text, checked for the fields a restore relies on. */
export function parseManifest(text: string): Manifest {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new BackupError('The backup file is damaged: its manifest is not readable.');
  }
  const m = value as Partial<Manifest>;
  if (m.format !== BACKUP_FORMAT) throw new BackupError('This file is not a portal backup (its manifest names another format).');
  if (typeof m.formatVersion !== 'number' || m.formatVersion > BACKUP_FORMAT_VERSION) {
    throw new BackupError(`This backup was made by a newer portal (backup format ${String(m.formatVersion)}, portal ${String(m.portalVersion)}): update this portal first.`);
  }
  if ((m.dialect !== 'sqlite' && m.dialect !== 'postgres') || !m.database || !Array.isArray(m.entries) || !m.media) {
    throw new BackupError('The backup file is damaged: its manifest lacks the database or the list of entries.');
  }
  return m as Manifest;
}
