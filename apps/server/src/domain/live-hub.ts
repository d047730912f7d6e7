import type { ServerResponse } from 'node:http';
import type { LiveEvent } from '@jewel/contract/commodity';
import type { RoleCode } from '@jewel/contract/values/roles';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Unlisten } from '../db/client.ts';
import { LIVE_CHANNEL, type LiveSignal } from './live-events.ts';
import { countUnread } from './notify.ts';
import { findLiveSession } from './sessions.ts';

/** A user may keep this many streams open (tabs, devices); a new one beyond it closes the oldest. */
const MAX_STREAMS_PER_USER = 10;

/** What changed, for caches: a signal's kind, or `resync` when signals may have been lost. */
export type SignalKind = LiveSignal['kind'] | 'resync';

interface Stream {
  userId: number;
  sessionId: string;
  /** A guest's role: it hears only the commodities its list shows. Null for staff, who hear all. */
  guest: RoleCode | null;
  /**
   * The branches whose commodities it hears (issue 32), null: every one. Read again from the
   * session at each check, so that a switch of the working branch reaches an open stream.
   */
  branchIds: readonly number[] | null;
  res: ServerResponse;
}

type CommoditySignal = Extract<LiveSignal, { kind: 'commodity' }>;

/**
 * The commodity list's visibility (commodity.repository `visibleAs`): staff see their branches'
 * items, a guest recorder what they registered, a guest valuer what is (or was, until this
 * change) theirs. A signal without its audience (from an older instance) reaches only staff who
 * see every branch.
 */
function mayHear(stream: Stream, signal: CommoditySignal): boolean {
  if (stream.branchIds !== null && !(signal.branchId !== undefined && stream.branchIds.includes(signal.branchId)))
    return false;
  if (stream.guest === null) return true;
  if (stream.guest === 'recorder') return signal.recorderId === stream.userId;
  return Array.isArray(signal.valuerIds) && signal.valuerIds.includes(stream.userId);
}

function parseSignal(payload: string): LiveSignal | null {
  try {
    const signal = JSON.parse(payload) as LiveSignal;
    if (signal?.kind === 'notification' && Array.isArray(signal.users)) return signal;
    if (signal?.kind === 'commodity' && Number.isInteger(signal.id) && Number.isInteger(signal.status)) return signal;
    if (signal?.kind === 'sessions' || signal?.kind === 'catalog') return signal;
  } catch {}
  return null;
}

/**
 * The event streams of one server instance. Every instance LISTENs on one channel through one
 * connection; what arrives there (from any instance's commits) goes to the local streams it
 * concerns. Heartbeats keep proxies from closing idle streams and re-check each session.
 */
export class LiveHub {
  private readonly streams = new Map<number, Set<Stream>>();
  /** Unread counts are read and sent one after another per user, so an older count never arrives last. */
  private readonly unreadQueues = new Map<number, Promise<void>>();
  private readonly signalListeners = new Set<(kind: SignalKind) => void>();
  private unlisten: Unlisten | null = null;
  private heartbeatTimer: NodeJS.Timeout | undefined;

  private readonly database: Database;
  private readonly log: FastifyBaseLogger;

  constructor(database: Database, log: FastifyBaseLogger) {
    this.database = database;
    this.log = log;
  }

  async start(heartbeatMs: number) {
    this.unlisten = await this.database.listen(LIVE_CHANNEL, {
      message: (payload) => this.receive(payload),
      reconnected: () => this.resync(),
      error: (error) => this.log.warn({ err: error }, 'live events: the listening connection failed'),
    });
    this.heartbeatTimer = setInterval(() => void this.heartbeat(), heartbeatMs);
    this.heartbeatTimer.unref();
  }

  /** Stops listening and ends every stream: shutdown never waits on an open stream. */
  async stop() {
    clearInterval(this.heartbeatTimer);
    this.closeAll();
    await this.unlisten?.();
    this.unlisten = null;
  }

  closeAll() {
    for (const set of this.streams.values()) for (const stream of set) stream.res.end();
    this.streams.clear();
  }

  /** Something else of this instance (its caches) wants to know what changed. */
  onSignal(listener: (kind: SignalKind) => void) {
    this.signalListeners.add(listener);
    return () => this.signalListeners.delete(listener);
  }

  /**
   * This instance committed a change: its own caches forget at once, before the answer leaves,
   * so its caller never reads what it just changed from a cache. The same signal through
   * PostgreSQL follows and reaches every instance.
   */
  signalHere(kind: LiveSignal['kind']) {
    for (const listener of this.signalListeners) listener(kind);
  }

  get size() {
    let total = 0;
    for (const set of this.streams.values()) total += set.size;
    return total;
  }

  /** Takes over an open response: sends the unread count first, then whatever concerns its user. */
  async open(res: ServerResponse, caller: Omit<Stream, 'res'>) {
    const { userId } = caller;
    const stream: Stream = { ...caller, res };
    let set = this.streams.get(userId);
    if (!set) {
      set = new Set();
      this.streams.set(userId, set);
    }
    set.add(stream);
    if (set.size > MAX_STREAMS_PER_USER) {
      const [oldest] = set;
      if (oldest) this.remove(oldest);
      oldest?.res.end();
    }
    res.on('close', () => this.remove(stream));
    await this.sendUnread(userId, [stream]);
  }

  private remove(stream: Stream) {
    const set = this.streams.get(stream.userId);
    if (!set) return;
    set.delete(stream);
    if (set.size === 0) this.streams.delete(stream.userId);
  }

  private write(stream: Stream, text: string) {
    if (stream.res.writableEnded || stream.res.destroyed) return;
    stream.res.write(text);
  }

  private send(streams: Iterable<Stream>, event: LiveEvent) {
    const text = `data: ${JSON.stringify(event)}\n\n`;
    for (const stream of streams) this.write(stream, text);
  }

  /** The streams a commodity change concerns: no query, a guest's checked against the signal's audience. */
  private *hearing(signal: CommoditySignal) {
    for (const set of this.streams.values()) for (const stream of set) if (mayHear(stream, signal)) yield stream;
  }

  private sendUnread(userId: number, only?: Stream[]): Promise<void> {
    const previous = this.unreadQueues.get(userId) ?? Promise.resolve();
    const next = previous.then(async () => {
      const targets = only ?? [...(this.streams.get(userId) ?? [])];
      if (targets.length === 0) return;
      try {
        const unread = await countUnread(this.database.db, userId);
        this.send(targets, { type: 'notification', unread });
      } catch (error) {
        this.log.warn({ err: error, userId }, 'live events: could not read the unread count');
      }
    });
    this.unreadQueues.set(userId, next);
    void next.finally(() => {
      if (this.unreadQueues.get(userId) === next) this.unreadQueues.delete(userId);
    });
    return next;
  }

  private receive(payload: string) {
    const signal = parseSignal(payload);
    if (!signal) {
      this.log.warn({ payload }, 'live events: unknown signal');
      return;
    }
    for (const listener of this.signalListeners) listener(signal.kind);
    if (signal.kind === 'notification') {
      for (const userId of signal.users) if (this.streams.has(userId)) void this.sendUnread(userId);
    } else if (signal.kind === 'commodity') {
      this.send(this.hearing(signal), { type: 'commodity', id: signal.id, status: signal.status });
    } else if (signal.kind === 'sessions') {
      // A session was revoked (a logout, a disabled user): its streams end now, not at the next heartbeat.
      void this.endRevokedStreams();
    }
  }

  /** After the listening connection came back: counts may have changed meanwhile. */
  private resync() {
    for (const listener of this.signalListeners) listener('resync');
    for (const userId of this.streams.keys()) void this.sendUnread(userId);
    void this.endRevokedStreams();
  }

  /** A comment line on every stream, and each session checked: a revoked one's streams end. */
  async heartbeat() {
    for (const set of this.streams.values()) for (const stream of set) this.write(stream, ': heartbeat\n\n');
    await this.endRevokedStreams();
  }

  /** Ends the streams whose session is no longer live. */
  private async endRevokedStreams() {
    const all = [...this.streams.values()].flatMap((set) => [...set]);
    const sessions = new Map<string, Stream[]>();
    for (const stream of all) {
      const key = `${stream.userId}:${stream.sessionId}`;
      sessions.set(key, [...(sessions.get(key) ?? []), stream]);
    }
    await Promise.all(
      [...sessions.values()].map(async (streams) => {
        const [first] = streams;
        if (!first) return;
        try {
          const live = await findLiveSession(this.database.db, first.userId, first.sessionId);
          if (live) {
            for (const stream of streams) stream.branchIds = live.branchIds;
            return;
          }
        } catch (error) {
          // A database hiccup is not a revocation: keep the stream until the next heartbeat.
          this.log.warn({ err: error }, 'live events: could not check a session');
          return;
        }
        for (const stream of streams) {
          this.remove(stream);
          stream.res.end();
        }
      }),
    );
  }
}
