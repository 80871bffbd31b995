/**
 * The class-now streams of one server process. Changes are read from the database, never from this
 * process's own requests: a student's PUT may reach any instance behind the load balancer (or any
 * node:cluster worker). One poller per process reads, every POLL_MS, which students' places were
 * written (student_progress.changed_at) since its last poll, and only while a stream is open; it
 * fans each changed student's current place out to the open streams of that student's owner that
 * show them: every stream of the owner's whole class, and a stream of one class only when the
 * student is in that class. Who is in each watched class is read again from the database at every
 * heartbeat (a child added or taken out on any instance): one who left the class is sent as `left`,
 * one who joined is sent with their current place.
 *
 * The poll reads back OVERLAP_MS more than since its previous poll: a write whose clock is a little
 * behind this instance's, or whose statement committed after that poll began, is still seen. Each
 * stream sends a student only when what it last sent of them differs, so the overlap sends nothing twice.
 * Polling rather than PostgreSQL's LISTEN/NOTIFY: the same code on SQLite, and one indexed query
 * per process every half second whatever the number of streams.
 *
 * Children held back from a model's code (too many wrong codes, counted in the database by the
 * limiter of whichever instance took them) reach the streams the same way: every LOCKOUT poll
 * (2 s) reads which of the limiter's keys are held back now, one range of its counters' primary
 * key whatever the number of streams. Only when that changed (and for the overlap after, since a
 * wrong code's row is written just after its count), while a watched class has a child held back
 * (her owner may unlock the model for her), and once a heartbeat in any case, are the watched
 * owners' lists read again (two more statements) and sent as `lockouts` to each stream whose list
 * differs from what it last sent.
 *
 * Each user may hold MAX_STREAMS_PER_USER streams at once, counted in the database so that the
 * limit holds across every instance and process: a stream beyond it is refused (429) before it
 * starts, and the browser's page tries again after a pause (closing the oldest instead would have
 * a seventh tab and the first take each other's place for ever). Each process renews its streams'
 * rows at every heartbeat; a row not renewed for ALIVE_HEARTBEATS heartbeats (its process died)
 * stops counting, so a crash cannot keep anyone out for long.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { ClassNowEvent, ClassNowLockout, ClassNowStudent } from '../../contract';
import * as q from '../db/queries';
import { ApiError } from '../errors';
import { classMembersNow, type ClassScope } from './classChoice';
import { classLockouts, classNowPlaces, currentPlaces, lockoutsOf, presentSince } from './classNow';
import type { DomainContext } from './context';
import type { RateLimiter } from './rateLimiter';

export interface HubTiming {
  pollMs: number;
  overlapMs: number;
  heartbeatMs: number;
  /** How often the children held back from a model's code are looked at. */
  lockoutPollMs: number;
}

export const DEFAULT_HUB_TIMING: HubTiming = { pollMs: 500, overlapMs: 3000, heartbeatMs: 15_000, lockoutPollMs: 2000 };

/** Streams one user may hold open at once (a few tabs and devices: the class on a projector, a laptop, a phone). */
export const MAX_STREAMS_PER_USER = 5;
/** A stream whose row was not renewed for this many heartbeats is taken for dead (its process stopped). */
const ALIVE_HEARTBEATS = 3;

/** A stream admitted under its user's limit: its row in class_now_streams. */
export interface StreamTicket {
  id: string;
  userId: number;
}

export function tooManyStreams(retryAfterSeconds: number): ApiError {
  return new ApiError(
    429,
    'class_now_too_many_streams',
    `The live class view is open in ${MAX_STREAMS_PER_USER} places already. Close it in another tab or device, and it opens here.`,
    {},
    retryAfterSeconds,
  );
}

/** What the hub needs of one open stream (the HTTP response). */
export interface StreamSink {
  write(chunk: string): void;
  end(): void;
  /** Whether the session that opened the stream is still valid (checked at each heartbeat: sign-out ends it). */
  stillSignedIn(): Promise<boolean>;
}

export function sseEvent(event: ClassNowEvent): string {
  return `event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;
}

class Subscriber {
  /** What this stream last sent of each present student: the place as JSON, and its last write. */
  readonly sent = new Map<number, { json: string; changedAt: string }>();
  closed = false;
  /** The lock-outs last sent (as JSON); null until the snapshot has gone, before which none is sent. */
  private sentLockouts: string | null = null;
  constructor(
    readonly ownerId: number,
    /** The class shown (null: every student of the owner), and its children now. */
    readonly classId: number | null,
    public members: ReadonlySet<number> | null,
    readonly sink: StreamSink,
    private readonly onClose: (s: Subscriber) => void,
    readonly ticket: StreamTicket | null,
  ) {}

  shows(studentId: number): boolean {
    return this.members === null || this.members.has(studentId);
  }

  offer(student: ClassNowStudent, changedAt: string, at: string): void {
    if (!this.shows(student.studentId)) return;
    const json = JSON.stringify(student);
    const seen = this.sent.get(student.studentId);
    this.sent.set(student.studentId, { json, changedAt });
    if (seen?.json !== json) this.sink.write(sseEvent({ type: 'student', at, student }));
  }

  /** The snapshot's lock-outs: what later lists are compared with. */
  snapshotSent(lockedOut: ClassNowLockout[]): void {
    this.sentLockouts = JSON.stringify(lockedOut);
  }

  offerLockouts(lockedOut: ClassNowLockout[], at: string): void {
    const json = JSON.stringify(lockedOut);
    if (this.sentLockouts === null || this.sentLockouts === json) return;
    this.sentLockouts = json;
    this.sink.write(sseEvent({ type: 'lockouts', at, lockedOut }));
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.onClose(this);
    this.sink.end();
  }
}

export class ClassNowHub {
  private readonly subscribers = new Set<Subscriber>();
  private pollTimer: NodeJS.Timeout | null = null;
  private heartbeatTimer: NodeJS.Timeout | null = null;
  private cursor = '';
  private polling = false;
  private stopped = false;
  /** The tickets this process holds, by user: admitted, whether or not their stream has started yet. */
  private readonly held = new Map<number, Set<string>>();
  /** The wrong-code limiter's keys held back at the last lock-out poll (null: not read since the hub started). */
  private heldBack: string | null = null;
  /** This process's clock (ms) at the last lock-out poll, the last change of heldBack, and the last read of the lists. */
  private lockoutPolledAt = 0;
  private heldBackChangedAt = 0;
  private lockoutsReadAt = 0;
  /** Whether a watched class had a child held back at the last read. */
  private anyLockedOut = false;

  constructor(
    private readonly ctx: DomainContext,
    private readonly log: FastifyBaseLogger,
    /** The limiter of wrong unlock codes per student and model. */
    private readonly wrongCodes: RateLimiter,
    private readonly timing: HubTiming = DEFAULT_HUB_TIMING,
  ) {}

  get openStreams(): number {
    return this.subscribers.size;
  }

  private get aliveMs(): number {
    return ALIVE_HEARTBEATS * this.timing.heartbeatMs;
  }

  /**
   * Admits one more stream of the user, or throws 429 when they hold MAX_STREAMS_PER_USER already
   * on any instance. This process's own count answers first, without the database.
   */
  async admit(userId: number): Promise<StreamTicket> {
    const retryAfter = Math.ceil(this.timing.heartbeatMs / 1000);
    const mine = this.held.get(userId) ?? new Set<string>();
    if (mine.size >= MAX_STREAMS_PER_USER) throw tooManyStreams(retryAfter);
    const ticket = { id: randomUUID(), userId };
    mine.add(ticket.id);
    this.held.set(userId, mine);
    const now = this.ctx.clock();
    let admitted = false;
    try {
      admitted = await q.admitClassStream(this.ctx.db.kysely, {
        id: ticket.id,
        userId,
        now: now.toISOString(),
        aliveSince: new Date(now.getTime() - this.aliveMs).toISOString(),
        max: MAX_STREAMS_PER_USER,
      });
    } finally {
      if (!admitted) this.forget(ticket);
    }
    if (!admitted) throw tooManyStreams(retryAfter);
    return ticket;
  }

  /** Gives an admitted stream's place back (its stream ended, or never started). */
  release(ticket: StreamTicket): void {
    this.forget(ticket);
    q.removeClassStreams(this.ctx.db.kysely, [ticket.id]).catch((err: unknown) => {
      // Not renewed any more, the row stops counting after a few heartbeats.
      this.log.warn({ err: { message: (err as Error).message } }, 'class-now stream row not removed');
    });
  }

  private forget(ticket: StreamTicket): void {
    const mine = this.held.get(ticket.userId);
    mine?.delete(ticket.id);
    if (mine?.size === 0) this.held.delete(ticket.userId);
  }

  /**
   * Opens a stream for the owner's class (the scope chosen on connect: classChoice.ts): the snapshot
   * now, then the changes. `ticket`: its place under the user's limit, given back when it ends.
   */
  async open(ownerId: number, scope: ClassScope, sink: StreamSink, ticket: StreamTicket | null = null): Promise<{ close: () => void }> {
    const subscriber = new Subscriber(ownerId, scope.classId, scope.members, sink, (s) => this.remove(s), ticket);
    if (this.stopped) {
      subscriber.close();
      return subscriber;
    }
    // Watched from before the snapshot is read: a move between the two is sent after it, not lost.
    if (this.subscribers.size === 0) this.cursor = new Date(this.ctx.clock().getTime() - this.timing.overlapMs).toISOString();
    this.subscribers.add(subscriber);
    this.start();
    try {
      const [{ at, places }, lockouts] = await Promise.all([classNowPlaces(this.ctx, ownerId, scope.members), classLockouts(this.ctx, [ownerId], this.wrongCodes)]);
      for (const { student, changedAt } of places) subscriber.sent.set(student.studentId, { json: JSON.stringify(student), changedAt });
      const lockedOut = lockoutsOf(lockouts.get(ownerId), scope.members);
      if (!subscriber.closed) {
        sink.write(sseEvent({ type: 'snapshot', ownerId, at, students: places.map((p) => p.student), lockedOut, classId: scope.classId, classes: scope.classes }));
        subscriber.snapshotSent(lockedOut);
        if (lockedOut.length > 0) this.anyLockedOut = true;
      }
    } catch (err) {
      subscriber.close();
      throw err;
    }
    return subscriber;
  }

  /** Ends every stream and stops polling (the server is closing). */
  closeAll(): void {
    this.stopped = true;
    for (const s of [...this.subscribers]) s.close();
    this.stop();
  }

  private remove(s: Subscriber): void {
    this.subscribers.delete(s);
    if (s.ticket) this.release(s.ticket);
    if (this.subscribers.size === 0) this.stop();
  }

  private start(): void {
    if (this.pollTimer === null) this.schedulePoll();
    if (this.heartbeatTimer === null) {
      this.heartbeatTimer = setInterval(() => void this.heartbeat(), this.timing.heartbeatMs);
      this.heartbeatTimer.unref();
    }
  }

  private stop(): void {
    if (this.pollTimer !== null) clearTimeout(this.pollTimer);
    if (this.heartbeatTimer !== null) clearInterval(this.heartbeatTimer);
    this.pollTimer = null;
    this.heartbeatTimer = null;
    // The next stream's first poll reads the lists afresh.
    this.heldBack = null;
  }

  private schedulePoll(): void {
    this.pollTimer = setTimeout(() => {
      void this.poll().finally(() => {
        if (this.subscribers.size > 0 && !this.stopped) this.schedulePoll();
        else this.pollTimer = null;
      });
    }, this.timing.pollMs);
    this.pollTimer.unref();
  }

  /** One poll: the students written since the last one (and the overlap), sent to their owner's streams; and the lock-outs when due. */
  async poll(): Promise<void> {
    if (this.polling) return;
    this.polling = true;
    try {
      await this.pollPlaces();
      await this.pollLockouts();
    } finally {
      this.polling = false;
    }
  }

  private async pollPlaces(): Promise<void> {
    try {
      const now = this.ctx.clock();
      const owners = [...new Set([...this.subscribers].map((s) => s.ownerId))];
      const changed = await q.classChangesSince(this.ctx.db.kysely, owners, this.cursor);
      this.cursor = new Date(now.getTime() - this.timing.overlapMs).toISOString();
      if (changed.length === 0) return;
      const rows = await q.classPlaces(this.ctx.db.kysely, { userIds: changed.map((c) => c.user_id) }, presentSince(now));
      const at = now.toISOString();
      for (const place of currentPlaces(rows)) {
        for (const s of this.subscribers) if (s.ownerId === place.ownerId) s.offer(place.student, place.changedAt, at);
      }
    } catch (err) {
      // The database may be briefly away (a failover): the next poll reads the same changes again.
      this.log.warn({ err: { message: (err as Error).message } }, 'class-now poll failed');
    }
  }

  /** Every lockoutPollMs: whether any child became held back or was let go anywhere, and if so (or while it matters) the watched classes' lists. */
  private async pollLockouts(): Promise<void> {
    const started = Date.now();
    if (started - this.lockoutPolledAt < this.timing.lockoutPollMs) return;
    this.lockoutPolledAt = started;
    try {
      const heldBack = await this.wrongCodes.heldBackNow();
      if (heldBack !== this.heldBack) {
        this.heldBack = heldBack;
        this.heldBackChangedAt = started;
      }
      const due = started - this.heldBackChangedAt <= this.timing.overlapMs || this.anyLockedOut || started - this.lockoutsReadAt >= this.timing.heartbeatMs;
      if (!due) return;
      this.lockoutsReadAt = started;
      const owners = [...new Set([...this.subscribers].map((s) => s.ownerId))];
      const byOwner = await classLockouts(this.ctx, owners, this.wrongCodes);
      const at = this.ctx.clock().toISOString();
      for (const s of this.subscribers) s.offerLockouts(lockoutsOf(byOwner.get(s.ownerId), s.members), at);
      this.anyLockedOut = byOwner.size > 0;
    } catch (err) {
      // As with the places: the next poll reads again.
      this.log.warn({ err: { message: (err as Error).message } }, 'class-now lock-out poll failed');
    }
  }

  /**
   * Renews this process's streams under their users' limit; a stream whose row is gone (taken for
   * dead while this process was stalled, or its user deleted) ends, and the browser opens it again.
   */
  private async renew(now: Date): Promise<void> {
    const admitted = [...this.subscribers].filter((s) => s.ticket !== null);
    if (admitted.length === 0) return;
    let kept: Set<string>;
    try {
      kept = await q.renewClassStreams(this.ctx.db.kysely, admitted.map((s) => s.ticket!.id), now.toISOString());
    } catch (err) {
      // The database may be briefly away: the streams stay, and the next heartbeat renews them.
      this.log.warn({ err: { message: (err as Error).message } }, 'class-now streams not renewed');
      return;
    }
    for (const s of admitted) if (!kept.has(s.ticket!.id)) s.close();
  }

  /**
   * Reads again who is in each watched class: a child who left it is sent as `left` to its streams,
   * one who joined with their current place (when present). Two statements, whatever the number of streams.
   */
  private async refreshMembers(now: Date): Promise<void> {
    const ofClass = [...this.subscribers].filter((s) => s.classId !== null && !s.closed);
    if (ofClass.length === 0) return;
    try {
      const byClass = await classMembersNow(this.ctx, [...new Set(ofClass.map((s) => s.classId!))]);
      const joined = new Map<Subscriber, number[]>();
      for (const s of ofClass) {
        const members = byClass.get(s.classId!) ?? new Set<number>();
        const before = s.members ?? new Set<number>();
        s.members = members;
        const added = [...members].filter((id) => !before.has(id));
        if (added.length > 0) joined.set(s, added);
        for (const studentId of [...s.sent.keys()]) {
          if (members.has(studentId)) continue;
          s.sent.delete(studentId);
          s.sink.write(sseEvent({ type: 'left', at: now.toISOString(), studentId }));
        }
      }
      if (joined.size === 0) return;
      const userIds = [...new Set([...joined.values()].flat())];
      const places = currentPlaces(await q.classPlaces(this.ctx.db.kysely, { userIds }, presentSince(now)));
      for (const [s, added] of joined) {
        for (const place of places) if (place.ownerId === s.ownerId && added.includes(place.student.studentId)) s.offer(place.student, place.changedAt, now.toISOString());
      }
    } catch (err) {
      // The database may be briefly away: the next heartbeat reads the classes again.
      this.log.warn({ err: { message: (err as Error).message } }, 'class-now class members not read');
    }
  }

  /** Keeps proxies from closing idle streams, follows who is in each watched class, drops students no longer present, and ends streams of ended sessions. */
  private async heartbeat(): Promise<void> {
    const now = this.ctx.clock();
    const since = presentSince(now);
    await this.renew(now);
    await this.refreshMembers(now);
    for (const s of [...this.subscribers]) {
      if (s.closed) continue;
      if (!(await s.sink.stillSignedIn().catch(() => true))) {
        s.close();
        continue;
      }
      for (const [studentId, sent] of s.sent) {
        if (sent.changedAt >= since) continue;
        s.sent.delete(studentId);
        s.sink.write(sseEvent({ type: 'left', at: now.toISOString(), studentId }));
      }
      s.sink.write(': heartbeat\n\n');
    }
  }
}
