// Finds "the same call" in two captures and compares the JSON-RPC they carried.
import type { Capture } from './capture.ts';
import type { FrameView, JsonRpcId } from './view.ts';

export interface CallPick {
  /** Pick by the request's JSON-RPC id. */
  id?: JsonRpcId;
  /** Or by method, optionally with a subset of params that must match. */
  method?: string;
  params?: Record<string, unknown>;
}

/** True when every key of `subset` is present in `value` with a matching value. */
export function containsSubset(value: unknown, subset: unknown): boolean {
  if (subset === null || typeof subset !== 'object') return Object.is(value, subset);
  if (value === null || typeof value !== 'object') return false;
  if (Array.isArray(subset)) {
    return (
      Array.isArray(value) &&
      subset.length === value.length &&
      subset.every((item, i) => containsSubset(value[i], item))
    );
  }
  const record = value as Record<string, unknown>;
  return Object.entries(subset).every(([k, v]) => k in record && containsSubset(record[k], v));
}

export function findCall(capture: Capture, pick: CallPick): FrameView {
  const request = capture.views.find((v) => {
    if (v.info.kind !== 'request' || v.record.dir !== 'c2s') return false;
    if (pick.id !== undefined) return v.info.id === pick.id;
    if (v.info.method !== pick.method) return false;
    const params = (v.info.json as { params?: unknown }).params;
    return pick.params === undefined || containsSubset(params, pick.params);
  });
  if (!request) {
    throw new Error(`${capture.name}: no client request matches ${JSON.stringify(pick)}`);
  }
  return request;
}

/** The message without its id, serialised canonically (sorted keys) for comparison. */
export function withoutId(json: unknown): string {
  const sort = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(sort);
    if (v && typeof v === 'object') {
      return Object.fromEntries(
        Object.entries(v as Record<string, unknown>)
          .filter(([k]) => k !== 'id' || v !== json)
          .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
          .map(([k, x]) => [k, sort(x)]),
      );
    }
    return v;
  };
  return JSON.stringify(sort(json));
}

export interface Comparison {
  requestSame: boolean;
  responseSame: boolean;
  sameIds: boolean;
}

export function compareCalls(
  a: { request: FrameView; response?: FrameView },
  b: { request: FrameView; response?: FrameView },
): Comparison {
  const same = (x?: FrameView, y?: FrameView) =>
    x !== undefined && y !== undefined && withoutId(x.info.json) === withoutId(y.info.json);
  return {
    requestSame: same(a.request, b.request),
    responseSame: same(a.response, b.response),
    sameIds: a.request.info.id === b.request.info.id,
  };
}
