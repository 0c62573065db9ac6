// The progress a server reported for one request: its notifications/progress under the
// request's params._meta.progressToken, after the request. A resumed or replayed stream can
// bring an event twice, so each progress value counts once, where it first came.
import type { RunRecord } from '../contract/check.ts';
import { notificationsOf, type Notification } from './by-method.ts';
import type { Read } from './frames.ts';
import { paramsOf } from './query.ts';
import { progressTokenOf } from './long-call.ts';

export interface ProgressStep {
  read: Notification;
  /** The step's progress value. */
  progress: number;
  /** Its params.message, as text. */
  message: string;
}

/** The request's progress steps with a numeric progress, each value once, in order of arrival. */
export function progressSteps(run: RunRecord, request: Read): ProgressStep[] {
  const token = progressTokenOf(request);
  const steps = new Map<number, ProgressStep>();
  if (token === undefined) return [];
  for (const read of notificationsOf(run, 'notifications/progress')) {
    const { progressToken, progress, message } = paramsOf(read);
    if (read.frame.seq < request.frame.seq || progressToken !== token) continue;
    if (typeof progress === 'number' && !steps.has(progress))
      steps.set(progress, { read, progress, message: String(message) });
  }
  return [...steps.values()];
}
