// The open streamable HTTP sessions of one Paper Trail server, with the two limits that keep
// a long-running server from growing without bound: clients that vanish without a DELETE
// are expired after an idle period, and the number of open sessions is capped.

/** What the table needs from a session: a way to end it (the SDK transport's close). */
export interface SessionHandle {
  close(): Promise<void>;
}

/** Idle sessions end after 15 minutes: long enough to read a lesson between two calls. */
export const DEFAULT_SESSION_IDLE_MS = 15 * 60_000;
/** Plenty for a classroom on one machine; small enough that a runaway loop is noticed. */
export const DEFAULT_MAX_SESSIONS = 100;

export interface SessionLimits {
  idleMs: number;
  max: number;
  /** Told about each expiry, for the server's stderr log. */
  onExpired?: (sessionId: string, idleMs: number) => void;
}

interface Entry<T extends SessionHandle> {
  session: T;
  /** HTTP requests of this session still open (an SSE stream counts until it closes). */
  busy: number;
  timer?: NodeJS.Timeout;
}

export class SessionTable<T extends SessionHandle> {
  private readonly entries = new Map<string, Entry<T>>();
  private readonly limits: SessionLimits;
  /** New sessions being created right now; they count against the cap already. */
  private opening = 0;

  constructor(limits: SessionLimits) {
    this.limits = limits;
  }

  get size(): number {
    return this.entries.size;
  }

  /** True when one more session would go over the cap. */
  full(): boolean {
    return this.entries.size + this.opening >= this.limits.max;
  }

  /** Reserve a place for a session that is being initialized; call the returned function once done. */
  reserve(): () => void {
    this.opening += 1;
    let released = false;
    return () => {
      if (!released) this.opening -= 1;
      released = true;
    };
  }

  add(sessionId: string, session: T): void {
    this.entries.set(sessionId, { session, busy: 0 });
    this.arm(sessionId);
  }

  get(sessionId: string): T | undefined {
    return this.entries.get(sessionId)?.session;
  }

  /** Forget a session that ended by itself (DELETE or transport close). */
  delete(sessionId: string): void {
    const entry = this.entries.get(sessionId);
    if (entry?.timer) clearTimeout(entry.timer);
    this.entries.delete(sessionId);
  }

  /** A request of this session started: it is not idle until the request is over. */
  begin(sessionId: string): void {
    const entry = this.entries.get(sessionId);
    if (!entry) return;
    entry.busy += 1;
    if (entry.timer) clearTimeout(entry.timer);
    entry.timer = undefined;
  }

  /** A request of this session ended; the idle clock restarts when none is left open. */
  end(sessionId: string): void {
    const entry = this.entries.get(sessionId);
    if (!entry) return;
    entry.busy = Math.max(0, entry.busy - 1);
    if (entry.busy === 0) this.arm(sessionId);
  }

  /** Ends every session (server shutdown). */
  async closeAll(): Promise<void> {
    const open = [...this.entries.values()];
    for (const entry of open) if (entry.timer) clearTimeout(entry.timer);
    this.entries.clear();
    await Promise.all(open.map((entry) => entry.session.close()));
  }

  private arm(sessionId: string): void {
    const entry = this.entries.get(sessionId);
    if (!entry) return;
    if (entry.timer) clearTimeout(entry.timer);
    entry.timer = setTimeout(() => void this.expire(sessionId), this.limits.idleMs);
    // An idle session must not keep the process alive on its own.
    entry.timer.unref();
  }

  private async expire(sessionId: string): Promise<void> {
    const entry = this.entries.get(sessionId);
    if (!entry || entry.busy > 0) return;
    this.entries.delete(sessionId);
    this.limits.onExpired?.(sessionId, this.limits.idleMs);
    await entry.session.close();
  }
}
