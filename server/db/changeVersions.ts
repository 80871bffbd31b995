/**
 * The change_versions counters, which triggers bump in the transaction of every write to a table,
 * so that caches on any instance can key on them.
 *
 * On SQLite a read is a prepared statement in this process, so it reads the table each time. On
 * PostgreSQL each read is a round trip. At one per content request it took a third of a
 * 3-instance cluster's CPU (PostgreSQL plus the driver), so the value is remembered instead. It is
 * remembered only while one connection LISTENs to the triggers' pg_notify. A notification makes
 * the next read go to the database again. While that connection is down, and until it listens
 * again, every read goes to the database. A notification is sent when the write commits and
 * reaches the listeners a moment later (a few milliseconds on one network), so a read in that
 * moment may still be answered from the version before; an administrator's reads (fresh) never are.
 */
import { Client, type ClientConfig } from 'pg';
import type { Kysely } from 'kysely';
import type { Executor } from './queries/executor';
import type { Database } from './schema';

export type ChangeName = 'content' | 'students' | 'lessons';

/** The channel the triggers notify, with the change's name as the payload. */
export const CHANGE_CHANNEL = 'change_versions';

const RELISTEN_MS = 1000;

export async function readChangeVersion(db: Executor, name: ChangeName): Promise<number> {
  const row = await db.selectFrom('change_versions').select('version').where('name', '=', name).executeTakeFirst();
  return Number(row?.version ?? 0);
}

/** 'notified': versions are remembered while a LISTEN connection hears of every change. */
export type ChangeVersionsMode = 'notified' | 'read each time';

export interface ChangeVersions {
  /** The version now. `fresh` reads the database even while a remembered value is current. */
  current(name: ChangeName, options?: { fresh?: boolean }): Promise<number>;
  readonly mode: ChangeVersionsMode;
  close(): Promise<void>;
}

export function readEachTime(kysely: Kysely<Database>): ChangeVersions {
  return { current: (name) => readChangeVersion(kysely, name), mode: 'read each time', close: () => Promise.resolve() };
}

/** Remembers versions while a LISTEN connection (opened on first use) hears of every change. */
export class ListeningChangeVersions implements ChangeVersions {
  private client: Client | null = null;
  private listening = false;
  /** Moves on with every notification and every loss or gain of the listener: a read that began before it is not remembered. */
  private generation = 0;
  private readonly remembered = new Map<ChangeName, number>();
  private started = false;
  private closed = false;
  private relisten: NodeJS.Timeout | undefined;

  constructor(
    private readonly kysely: Kysely<Database>,
    private readonly connection: ClientConfig,
    private readonly onListenerLost: (err: Error) => void = () => undefined,
  ) {}

  async current(name: ChangeName, options: { fresh?: boolean } = {}): Promise<number> {
    if (!this.started) {
      this.started = true;
      void this.listen();
    }
    if (this.listening && !options.fresh) {
      const known = this.remembered.get(name);
      if (known !== undefined) return known;
    }
    const generation = this.generation;
    const version = await readChangeVersion(this.kysely, name);
    if (this.listening && generation === this.generation) this.remembered.set(name, version);
    return version;
  }

  get mode(): ChangeVersionsMode {
    return this.listening ? 'notified' : 'read each time';
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.relisten);
    const client = this.client;
    this.client = null;
    this.forget(false);
    await client?.end().catch(() => undefined);
  }

  private forget(listening: boolean): void {
    this.generation += 1;
    this.remembered.clear();
    this.listening = listening;
  }

  private async listen(): Promise<void> {
    if (this.closed) return;
    const client = new Client({ ...this.connection, keepAlive: true });
    this.client = client;
    client.on('notification', (message) => {
      if (message.channel !== CHANGE_CHANNEL) return;
      this.generation += 1;
      this.remembered.delete(message.payload as ChangeName);
    });
    client.on('error', (err) => this.lost(client, err));
    client.on('end', () => this.lost(client, new Error('the LISTEN connection ended')));
    try {
      await client.connect();
      await client.query(`listen ${CHANGE_CHANNEL}`);
      // Anything may have changed while nobody listened.
      if (this.client === client) this.forget(true);
    } catch (err) {
      this.lost(client, err instanceof Error ? err : new Error(String(err)));
    }
  }

  private lost(client: Client, err: Error): void {
    if (this.client !== client) return;
    this.client = null;
    this.forget(false);
    client.end().catch(() => undefined);
    if (this.closed) return;
    this.onListenerLost(err);
    this.relisten = setTimeout(() => void this.listen(), RELISTEN_MS);
    this.relisten.unref();
  }
}
