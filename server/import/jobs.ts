/**
 * Import jobs: one row per import in import_jobs, which every instance reads (the studio polls any
 * of them). Only one import runs at a time: a unique column holds 'import' while one is queued or
 * running. The runner writes its progress and a heartbeat; a job whose runner fell silent (its
 * instance died) is marked failed when the next import is asked for, or when it is read.
 */
import type { StudioImportJob, StudioImportSummary } from '../../contract';
import type { Db } from '../db/connection';
import * as q from '../db/queries';
import type { MediaStorage } from '../media/storage';
import { importWordPress, type ImportProgress } from './wordpress';

/** A runner writes at least this often; silence three times as long means it is gone. */
const HEARTBEAT_MS = 10_000;
const ABANDONED_MS = 3 * HEARTBEAT_MS;
/** Progress goes to the database at most this often. */
const PROGRESS_WRITE_MS = 500;

const EMPTY_SUMMARY: StudioImportSummary = { created: 0, updated: 0, skipped: 0, failed: [] };

export class ImportBusyError extends Error {
  constructor(readonly job: StudioImportJob) {
    super(
      `An import is already running (job ${job.id}, ${job.url}, started ${job.startedAt}, ${Math.round(job.progress * 100)}% done): wait for it to finish before starting another.`,
    );
  }
}

export function presentJob(row: q.ImportJobRow): StudioImportJob {
  let summary = EMPTY_SUMMARY;
  try {
    summary = { ...EMPTY_SUMMARY, ...(JSON.parse(row.summary_json) as StudioImportSummary) };
  } catch {
    // an unreadable summary shows as empty
  }
  return {
    id: row.id,
    url: row.url,
    status: row.status,
    progress: Number(row.progress),
    step: row.step,
    summary,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
  };
}

async function releaseAbandoned(db: Db, now: Date): Promise<void> {
  await q.failAbandonedImportJobs(db.kysely, now.getTime() - ABANDONED_MS, 'Stopped: the server running this import stopped before it finished. Start it again.', now.toISOString());
}

/** A new job row for the URL, or ImportBusyError while another import runs. */
export async function createImportJob(db: Db, url: string, instance: string, now: Date): Promise<StudioImportJob> {
  await releaseAbandoned(db, now);
  try {
    const id = await q.insertImportJob(db.kysely, {
      url,
      status: 'queued',
      progress: 0,
      step: 'Waiting to start',
      summary_json: JSON.stringify(EMPTY_SUMMARY),
      started_at: now.toISOString(),
      finished_at: null,
      instance,
      heartbeat_at: now.getTime(),
      active: 'import',
    });
    const row = await q.findImportJob(db.kysely, id);
    if (!row) throw new Error(`import job ${id} vanished`);
    return presentJob(row);
  } catch (err) {
    if (!q.isUniqueViolation(err)) throw err;
    const running = await q.activeImportJob(db.kysely);
    throw new ImportBusyError(running ? presentJob(running) : { id: 0, url: '', status: 'running', progress: 0, step: '', summary: EMPTY_SUMMARY, startedAt: '', finishedAt: null });
  }
}

export async function findJob(db: Db, id: number, now: Date): Promise<StudioImportJob | null> {
  await releaseAbandoned(db, now);
  const row = await q.findImportJob(db.kysely, id);
  return row ? presentJob(row) : null;
}

export async function latestJobs(db: Db, now: Date, limit = 20): Promise<StudioImportJob[]> {
  await releaseAbandoned(db, now);
  return (await q.latestImportJobs(db.kysely, limit)).map(presentJob);
}

export interface RunJobOptions {
  db: Db;
  media: MediaStorage;
  jobId: number;
  url: string;
  signal?: AbortSignal;
  clock?: () => Date;
  /** Local addresses the import may reach (IMPORT_ALLOW_ADDRESSES). */
  allowAddresses?: readonly string[];
  /** Also told of every progress step (the CLI prints them). */
  onProgress?: (progress: ImportProgress) => void;
  /** Only these programs (WordPress ids) with their models; all when absent. */
  programs?: readonly number[];
}

/** Runs the job's import, keeping its row up to date; the finished row (never throws for an import failure). */
export async function runImportJob(options: RunJobOptions): Promise<StudioImportJob> {
  const { db, jobId } = options;
  const clock = options.clock ?? (() => new Date());
  let latest: ImportProgress = { progress: 0, step: 'Starting' };
  let written = 0;
  let writing: Promise<void> = Promise.resolve();
  const write = () => {
    written = Date.now();
    const { progress, step } = latest;
    writing = writing
      .then(() => q.updateImportJob(db.kysely, jobId, { progress, step: step.slice(0, 500), heartbeat_at: clock().getTime() }))
      .catch(() => undefined);
  };
  const heartbeat = setInterval(write, HEARTBEAT_MS);
  heartbeat.unref();
  let summary: StudioImportSummary = EMPTY_SUMMARY;
  let status: 'finished' | 'failed' = 'finished';
  let step: string;
  try {
    await q.updateImportJob(db.kysely, jobId, { status: 'running', step: 'Starting', heartbeat_at: clock().getTime() });
    summary = await importWordPress({
      db,
      media: options.media,
      url: options.url,
      jobId,
      allowAddresses: options.allowAddresses ?? [],
      ...(options.signal ? { signal: options.signal } : {}),
      ...(options.programs ? { programs: options.programs } : {}),
      onProgress: (progress) => {
        latest = progress;
        options.onProgress?.(progress);
        if (Date.now() - written >= PROGRESS_WRITE_MS) write();
      },
    });
    step = latest.step;
    if (summary.failed.length > 0) step = `${step}. Some pages could not be imported: see the failures.`;
  } catch (err) {
    status = 'failed';
    step = `Failed: ${err instanceof Error ? err.message : String(err)}`;
  } finally {
    clearInterval(heartbeat);
    await writing;
  }
  const finishedAt = clock().toISOString();
  await q.updateImportJob(db.kysely, jobId, {
    status,
    progress: status === 'finished' ? 1 : latest.progress,
    step: step.slice(0, 500),
    summary_json: JSON.stringify(summary),
    finished_at: finishedAt,
    heartbeat_at: clock().getTime(),
    active: null,
  });
  const row = await q.findImportJob(db.kysely, jobId);
  return row ? presentJob(row) : { id: jobId, url: options.url, status, progress: 1, step, summary, startedAt: '', finishedAt };
}
