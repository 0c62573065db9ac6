// The learner's files as the container runs them. Where its Node strips types they are
// mounted as they are; where it cannot, each .ts is mounted as its .js twin, stripped here in
// the page by the stripper the adapter loaded for that path only. A file that does not parse,
// or uses TypeScript Node cannot strip (sandbox/strip/erasable.ts, asked on either path), is
// not mounted at all: the run that follows reports it, and nothing starts.
import type { unerasable } from '../../strip/erasable.ts';
import type { StripProblem, stripTypes } from '../../strip/strip-types.ts';
import { formatProblem, nothingRunSummary } from '../../strip/problem.ts';
import { jsTwin } from '../../strip/twin.ts';
import type { EventChannel } from './channel.ts';
import type { WorkspaceFiles } from '../shared/types.ts';

export type Stripper = typeof stripTypes;
export type Scanner = typeof unerasable;

export type Prepared = { files: WorkspaceFiles } | { problems: StripProblem[] };

/** Without a stripper, the files as they are; with one, .ts files as their twins. */
export function forContainer(files: WorkspaceFiles, scan: Scanner, strip?: Stripper): Prepared {
  const cannot = Object.entries(files)
    .filter(([path]) => jsTwin(path) !== path)
    .sort(([a], [b]) => a.localeCompare(b))
    .flatMap(([path, text]) => scan(text, path));
  if (cannot.length > 0) return { problems: cannot };
  if (!strip) return { files };
  const twins: WorkspaceFiles = {};
  const problems: StripProblem[] = [];
  for (const [path, text] of Object.entries(files)) {
    if (jsTwin(path) === path) {
      twins[path] = text;
      continue;
    }
    const result = strip(text, path);
    if (result.ok) twins[jsTwin(path)] = result.code;
    else problems.push(result.problem);
  }
  return problems.length > 0 ? { problems } : { files: twins };
}

/**
 * The run of files that do not parse, told as a run that could not start is told: each
 * problem on the learner's stderr, where a compiler's message would appear, then `done`.
 */
export function reportUnparsed(problems: readonly StripProblem[], channel: EventChannel): void {
  for (const p of problems) {
    channel.push({ type: 'stderr', source: 'learner', text: `${formatProblem(p)}\n` });
  }
  channel.push({ type: 'done', verdict: 'error', summary: nothingRunSummary(problems[0]!) });
  channel.close('');
}
