/**
 * PostgreSQL connections that come and go (a failover, an idle-connection kill, pg_terminate_backend):
 * a dead connection never crashes the process, the pool replaces it, and a statement that met one is
 * run again once on a fresh connection where that is safe.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import type { Pool, PoolClient } from 'pg';

/** SQLSTATEs of a connection the server ended, or of a server that cannot take one now. */
const CONNECTION_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
const CONNECTION_MESSAGES = [/^Connection terminated/, /not queryable/, /timeout exceeded when trying to connect/, /^Client was closed/];

function errorCode(err: unknown): string {
  const code = typeof err === 'object' && err !== null ? (err as { code?: unknown }).code : undefined;
  return typeof code === 'string' ? code : '';
}

/** The statement failed because its connection was lost or none could be had: nothing about the statement itself. */
export function isConnectionLost(err: unknown): boolean {
  const code = errorCode(err);
  if (CONNECTION_SQLSTATES.has(code) || code.startsWith('08') || SOCKET_CODES.has(code)) return true;
  const message = err instanceof Error ? err.message : '';
  return CONNECTION_MESSAGES.some((m) => m.test(message));
}

/** Answer 503 (try again shortly): the connection was lost, or the statement ran past DB_STATEMENT_TIMEOUT_MS. */
export function isDatabaseUnavailable(err: unknown): boolean {
  return isConnectionLost(err) || errorCode(err) === '57014';
}

/**
 * Marks the work of one read-only request (GET, HEAD): each of its statements may run twice. Set
 * for the whole request by a Fastify hook (http/dbRetry.ts).
 */
export const readOnlyWork = new AsyncLocalStorage<boolean>();

const TRANSACTION_START = /^\s*(begin|start\s+transaction)\b/i;
const TRANSACTION_END = /^\s*(commit|rollback|end|abort)\b/i;
const SELECT = /^\s*select\b/i;

/**
 * A statement may be run again on another connection when it is outside a transaction (inside one,
 * the transaction died with the connection) and it cannot have written: a plain SELECT, the BEGIN
 * of a transaction, or any statement of a read-only request.
 */
function mayRetry(sqlText: string): boolean {
  return SELECT.test(sqlText) || TRANSACTION_START.test(sqlText) || readOnlyWork.getStore() === true;
}

class RetryingClient {
  private inTransaction = false;
  /** The connection went back to the pool and no fresh one could be had (the database is down). */
  private released = false;

  constructor(
    private readonly pool: Pool,
    private client: PoolClient,
  ) {}

  async query<R>(sqlText: string, parameters: readonly unknown[]): Promise<PostgresQueryResult<R>> {
    const startsTransaction = TRANSACTION_START.test(sqlText);
    try {
      const result = (await this.client.query(sqlText, parameters as unknown[])) as unknown as PostgresQueryResult<R>;
      if (startsTransaction) this.inTransaction = true;
      else if (TRANSACTION_END.test(sqlText)) this.inTransaction = false;
      return result;
    } catch (err) {
      if (TRANSACTION_END.test(sqlText)) this.inTransaction = false;
      if (this.inTransaction || !isConnectionLost(err) || !mayRetry(sqlText)) throw err;
      // The dead connection leaves the pool; the statement runs once more on a fresh one.
      this.client.release(err instanceof Error ? err : true);
      this.released = true;
      this.client = await this.pool.connect();
      this.released = false;
      const result = (await this.client.query(sqlText, parameters as unknown[])) as unknown as PostgresQueryResult<R>;
      if (startsTransaction) this.inTransaction = true;
      return result;
    }
  }

  release(): void {
    // Releasing it twice would throw and turn the caller's 503 into a 500.
    if (this.released) return;
    // A connection that failed is not put back for the next request.
    const broken = (this.client as unknown as { _queryable?: boolean })._queryable === false;
    this.client.release(broken ? true : undefined);
  }
}

/**
 * The pg pool as Kysely takes it, with every error event handled (an unhandled 'error' event, from an
 * idle connection or from one in use, would end the process) and dead connections retried.
 */
export function resilientPool(pool: Pool, onConnectionError: (err: Error) => void): PostgresPool {
  pool.on('error', onConnectionError);
  // In use, a connection is no longer watched by the pool: its error goes to the statement running on
  // it, and the error event itself needs a listener of its own.
  pool.on('connect', (client) => client.on('error', onConnectionError));
  return {
    // Kysely streams with cursors only when given one: this client runs plain statements.
    connect: async () => new RetryingClient(pool, await pool.connect()) as unknown as PostgresPoolClient,
    end: () => pool.end(),
  };
}
