// A 2025 client's session is settled by one exchange: its initialize and the server's answer,
// whose protocolVersion is the version the session speaks (or none, when the answer was an
// error). The handshake check and the negotiation checks read it the same way.
import { Conversation } from './frames.ts';
import { resultOf } from './query.ts';
import { stringOf } from './string-of.ts';

/** The client's first initialize, the server's answer to it, and the version that answered. */
export function initializeOf(conv: Conversation) {
  const init = conv.requests('c2s').find((r) => r.message.method === 'initialize');
  const answer = init && conv.responseTo(init);
  /** The protocolVersion of the answer's result, when it has one. */
  const answered = stringOf(resultOf(answer)?.protocolVersion);
  return { init, answer, answered };
}
