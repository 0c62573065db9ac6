// A tool error (a result with isError: true) is for the model; a protocol error (an "error"
// member) is for the client's code. The revision files an unknown tool under protocol errors,
// yet SDK servers answer it as a tool error: that mix-up is the one finding here.
// Counting the two kinds apart is the summary's job (../summary.ts).
import { quote } from '../../checks/frames.ts';
import { paramsOf, resultOf, textsOf } from '../../checks/query.ts';
import { frameRef, say } from '../../checks/say.ts';
import type { Hit, Rule } from '../rule.ts';
import type { Session } from '../session.ts';

/** The tool names the server listed before frame `seq`, or undefined when it listed none. */
function listedBefore(session: Session, seq: number): Set<string> | undefined {
  let names: Set<string> | undefined;
  for (const list of session.conv.requests('c2s')) {
    if (list.message.method !== 'tools/list' || list.frame.seq > seq) continue;
    const tools = resultOf(session.conv.responseTo(list))?.tools;
    if (!Array.isArray(tools)) continue;
    names ??= new Set();
    for (const tool of tools) {
      const name = (tool as { name?: unknown } | null)?.name;
      if (typeof name === 'string') names.add(name);
    }
  }
  return names;
}

const NOT_FOUND = /\bTool \S+ not found\b/i;

export const toolErrorForProtocolError: Rule = {
  id: 'unknown-tool-as-tool-error',
  find: (session) =>
    session.conv.requests('c2s').flatMap((call): Hit[] => {
      if (call.message.method !== 'tools/call') return [];
      const reply = session.conv.responseTo(call);
      if (reply?.failureKind !== 'tool-error') return [];
      const name = paramsOf(call).name;
      if (typeof name !== 'string') return [];
      const listed = listedBefore(session, call.frame.seq);
      const unknown =
        (listed !== undefined && !listed.has(name)) ||
        textsOf(resultOf(reply)).some((t) => NOT_FOUND.test(t));
      if (!unknown) return [];
      return [
        {
          seq: reply.frame.seq,
          message: say`The server's ${frameRef(reply.frame.seq)} answers the tools/call for ${quote(name)} (${frameRef(call.frame.seq)}), a tool it does not have, with a result with "isError": true. The revision calls an unknown tool a protocol error, a JSON-RPC "error" with code -32602, not a tool error for the model.`,
        },
      ];
    }),
};
