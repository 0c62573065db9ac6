// Questions checks ask of a run's conversation, answered one way for every exercise: the
// params a request sent, the result a reply carried, the calls of one tool, the HTTP
// exchanges. Each reads the frames as the wire module read them (never the raw text again),
// so two checks can never disagree about what a frame said.
import type { RunRecord } from '../contract/check.ts';
import { groupExchanges, type Exchange } from '../wire/exchanges.ts';
import type { Read } from './frames.ts';
import { perRun } from './per-run.ts';
import { conversation, isObject } from './run-story.ts';

/** A client→server (or server→client) request, its message known to be a request. */
export type Request = ReturnType<ReturnType<typeof conversation>['requests']>[number];

/**
 * The params object a request or notification sent, as written on the wire; {} when it sent
 * none or sent something other than an object (the envelope checks say why that is wrong).
 */
export function paramsOf(r: Read): Record<string, unknown> {
  return isObject(r.json) && isObject(r.json.params) ? r.json.params : {};
}

/** The result object of a reply, or undefined when the reply is an error, or no reply came. */
export function resultOf(r: Read | undefined): Record<string, unknown> | undefined {
  return r?.message?.kind === 'result' && isObject(r.message.result) ? r.message.result : undefined;
}

/** The text of every text item of a result's content, in order. */
export function textsOf(result: Record<string, unknown> | undefined): string[] {
  const content = result?.content;
  if (!Array.isArray(content)) return [];
  return content.flatMap((item) =>
    isObject(item) && item.type === 'text' && typeof item.text === 'string' ? [item.text] : [],
  );
}

/** The client's tools/call requests, of one tool when `tool` is given, in order. */
export function toolCalls(run: RunRecord, tool?: string): Request[] {
  return conversation(run)
    .requests('c2s')
    .filter(
      (r) => r.message.method === 'tools/call' && (tool === undefined || paramsOf(r).name === tool),
    );
}

/** The reply (result or error) that answers a request, if one came. */
export function replyTo(run: RunRecord, request: Read | undefined): Read | undefined {
  return request ? conversation(run).responseTo(request) : undefined;
}

/** The run's HTTP exchanges (sandbox/wire/exchanges.ts), grouped once per run. */
export const exchanges: (run: RunRecord) => Exchange[] = perRun((run) =>
  groupExchanges(conversation(run).reads),
);
