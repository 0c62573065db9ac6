// A recorded session as the rules ask about it: every frame read and paired once by the wire
// module, the HTTP exchanges grouped once, and the few facts several rules share (where each
// initialize is, which requests a cancel took back). Built from frames alone, with no run
// around them, so any capture the course writes can be explained.
import { Conversation, type Read } from '../checks/frames.ts';
import { paramsOf, type Request } from '../checks/query.ts';
import { groupExchanges, statusOf, type Exchange } from '../wire/exchanges.ts';
import type { JsonRpcId } from '../wire/read.ts';
import type { Direction, FrameRecord } from '../wire/record.ts';

export type { Read, Request };

export const other = (dir: Direction): Direction => (dir === 'c2s' ? 's2c' : 'c2s');

/** Who sent a frame, as a finding says it. */
export const sender = (dir: Direction): string => (dir === 'c2s' ? 'client' : 'server');

/** Two ids are the same id only with the same value and the same type, as JSON-RPC has it. */
export const sameId = (a: unknown, b: JsonRpcId): boolean => a === b;

/** An exchange the transport refused (400 and up) before JSON-RPC could see its message. */
const refused = (ex: Exchange): boolean => (statusOf(ex) ?? 0) >= 400;

const pathOf = (ex: Exchange): string => (ex.request.frame.http?.path ?? '').replace(/\?.*$/, '');

export class Session {
  readonly frames: readonly FrameRecord[];
  /**
   * Every frame of the MCP conversation: over HTTP, the exchanges with the MCP endpoint (an
   * OAuth flow beside it is not MCP), less the bodies of HTTP errors that are no JSON-RPC.
   * The framing rules read these.
   */
  readonly all: Conversation;
  /**
   * The messages the peers took in: without the requests a transport refused and the
   * refusals, so that a retry with the same id pairs with its own answer. The id, pairing
   * and lifecycle rules read these.
   */
  readonly conv: Conversation;
  readonly exchanges: Exchange[];
  private readonly exchangeByNumber = new Map<number, Exchange>();
  private readonly accepted = new Map<number, Read>();

  constructor(frames: readonly FrameRecord[]) {
    this.frames = frames;
    const everything = new Conversation(frames);
    const grouped = groupExchanges(everything.reads);
    const endpoints = new Set(
      grouped.filter((ex) => ex.request.message || ex.response?.message).map(pathOf),
    );
    const outside = new Set<number>();
    const refusals = new Set<number>();
    for (const ex of grouped) {
      const seqs = [ex.request, ex.response, ...ex.events].flatMap((r) => (r ? [r.frame.seq] : []));
      if (!endpoints.has(pathOf(ex))) seqs.forEach((s) => outside.add(s));
      else if (refused(ex)) {
        seqs.forEach((s) => refusals.add(s));
        if (ex.response && !ex.response.message) outside.add(ex.response.frame.seq);
      }
    }
    const mcp = frames.filter((f) => !outside.has(f.seq));
    this.all = new Conversation(mcp);
    this.conv = new Conversation(mcp.filter((f) => !refusals.has(f.seq)));
    for (const r of this.conv.reads) this.accepted.set(r.frame.seq, r);
    this.exchanges = groupExchanges(this.all.reads);
    for (const ex of this.exchanges) {
      const n = ex.request.frame.http?.exchange;
      if (n !== undefined) this.exchangeByNumber.set(n, ex);
    }
  }

  /** Every frame of the MCP conversation, read. */
  get reads(): Read[] {
    return this.all.reads;
  }

  /** The reply a request got, if the peer took the request in and answered it. */
  replyTo(request: Read): Read | undefined {
    const taken = this.accepted.get(request.frame.seq);
    return taken && this.conv.responseTo(taken);
  }

  /** The HTTP exchange a frame belongs to, when it crossed streamable HTTP. */
  exchangeOf(read: Read): Exchange | undefined {
    const n = read.frame.http?.exchange;
    return n === undefined ? undefined : this.exchangeByNumber.get(n);
  }

  /** The client's initialize requests the server took in, in order. */
  initializes(): Request[] {
    return this.conv.requests('c2s').filter((r) => r.message.method === 'initialize');
  }

  /**
   * The requests a notifications/cancelled from the same side named while they were still
   * unanswered: they are meant to go without a reply.
   */
  cancelled(): Set<number> {
    const out = new Set<number>();
    for (const cancel of this.conv.reads) {
      if (cancel.message?.kind !== 'notification') continue;
      if (cancel.message.method !== 'notifications/cancelled') continue;
      const id = paramsOf(cancel).requestId;
      const named = this.conv
        .requests(cancel.frame.dir)
        .filter((r) => r.frame.seq < cancel.frame.seq && sameId(id, r.message.id))
        .at(-1);
      if (named) out.add(named.frame.seq);
    }
    return out;
  }
}
