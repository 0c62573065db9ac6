// How a harness run reads as text in a terminal: the one renderer for `npm run exercise` and
// the take-home harness (sandbox/runtime/container/take-home-entry.ts), so a verdict reads the same
// wherever a learner asks for it. It returns text and exit codes; the callers write them.
import type { HarnessEvent } from '../contract/events.ts';
import { formatProblem } from '../strip/problem.ts';
import type { Summary } from '../harness/run.ts';
import { tally, tallyText } from '../harness/tally.ts';
import { endingLine } from './ending.ts';

/** Not 1: a run the harness could not judge must never read as "your checks failed". */
export const HARNESS_ERROR = 3;

/** As wide as PASS and FAIL, so the ids line up; neither a tick nor a cross. */
const NOT_REACHED = '–   ';
/** An ungraded check: what it shows, as wide as PASS and FAIL. */
const INFO = 'INFO';

/**
 * A check's verdict: one line per check (a failing one with its hint, one with nothing to
 * judge saying so instead of passing or failing), how the run ended right before the count
 * it explains, then the count.
 */
export function checkReport(summary: Summary, json: boolean): string {
  const passed = summary.passed === true;
  const ending = endingLine(summary);
  if (json) {
    const checks = summary.checks.map(({ id, title, ok, reached, info, message, scenario }) => ({
      id,
      title,
      ok,
      ...(reached === false && { reached }),
      ...(info === true && { info }),
      message,
      // Which check session the message is about, in an exercise with scenarios.
      ...(scenario !== undefined && { scenario }),
    }));
    const ended = ending && { ended: ending };
    const verdict = summary.verdict;
    const seed = summary.seed !== undefined && { seed: summary.seed };
    return `${JSON.stringify({ exercise: summary.exercise, passed, verdict, ...ended, ...seed, checks })}\n`;
  }
  let text = '';
  for (const c of summary.checks) {
    const message = c.message.replace(/\n/g, ' ');
    if (c.info === true) {
      text += `${INFO} ${c.id}: for information, not graded: ${message}\n`;
      continue;
    }
    if (c.reached === false) {
      text += `${NOT_REACHED} ${c.id}: not reached: ${message}\n`;
      continue;
    }
    const hint = !c.ok && c.hint ? ` (hint: ${c.hint})` : '';
    text += `${c.ok ? 'PASS' : 'FAIL'} ${c.id}: ${message}${hint}\n`;
  }
  if (ending) text += `${ending}\n`;
  return `${text}${tallyText(tally(summary.checks))}\n`;
}

/** The last line of a run without checks: how it ended. */
export function runEndingLine(summary: Summary): string {
  return `${endingLine(summary) ?? 'run ended: the program finished.'}\n`;
}

/**
 * For a run that could not judge the code, on stderr: what went wrong, never a verdict on
 * code that ran. Files refused before the run come first, each as a compiler would say it.
 */
export function harnessErrorLine(summary: Summary): string {
  const refused = (summary.refused ?? []).map((p) => `${formatProblem(p)}\n`).join('');
  return `${refused}${endingLine(summary) ?? summary.summary}\n`;
}

/** For stderr: processes the harness had to end, with advice when the program left them. */
/**
 * After a run of the learner's own command (--cmd) that hung: the likeliest cause outside
 * Node. Most languages keep what a program writes to a pipe in a buffer until it fills or is
 * flushed (Python, C's stdio, Java's BufferedWriter), so a message that was written never
 * left, and both sides wait; the checks can only say what did not cross.
 */
export function unflushedNote(summary: Summary, command: boolean): string {
  if (!command || summary.verdict !== 'timeout') return '';
  return (
    'note: your program ran as your own command. A program that writes to a pipe may keep ' +
    'what it wrote in a buffer until it flushes: flush after each message (Python: ' +
    "print(..., flush=True) or sys.stdout.flush(), and the same for a child's stdin; or run " +
    'it as python3 -u).\n'
  );
}

export function killedNote(summary: Summary): string {
  const n = summary.killed;
  if (!n) return '';
  // A program that ended by itself left them behind; one the harness stopped at a limit
  // did not get the chance to close them, so only the first gets advice.
  const leftBehind = summary.verdict === 'completed' || summary.verdict === 'crashed';
  const what = n === 1 ? '1 process' : `${n} processes`;
  if (!leftBehind) {
    const were = n === 1 ? 'was' : 'were';
    return `note: ${what} that your program started ${were} still running when the harness stopped the run; it ended them.\n`;
  }
  return (
    `note: ${what} that your program started still ran when the run ended; the harness ` +
    'killed them. Close what your program starts (end its stdin, wait for it to exit) ' +
    "before your program exits, and do not start children with 'detached'.\n"
  );
}

/**
 * One event of a run as the workbench's terminal shows it (components/workbench/
 * output-panel.ts), without colours: program output as it came, the exits and the summary
 * as bracketed notes. Frames and checks are not terminal text; undefined for them.
 */
export function runEventText(
  event: HarnessEvent,
): { stream: 'stdout' | 'stderr'; text: string } | undefined {
  switch (event.type) {
    case 'stdout':
    case 'stderr':
      return { stream: event.type, text: event.text };
    case 'exit': {
      const who = event.source === 'learner' ? 'your program' : 'the server';
      return {
        stream: 'stdout',
        text: `[${who} exited: ${event.signal ?? `code ${event.code}`}]\n`,
      };
    }
    case 'done':
      return { stream: 'stdout', text: `[${event.summary}]\n` };
    case 'session':
      return { stream: 'stdout', text: `[${event.note}]\n` };
    default:
      return undefined;
  }
}

/** 0 when every check passed (check) or the program finished (run), 1 otherwise, 3 on a harness error. */
export function exitCodeOf(summary: Summary): number {
  if (summary.verdict === 'error' && !summary.refused) return HARNESS_ERROR;
  if (summary.refused) return 1;
  if (summary.mode === 'check') return summary.passed === true ? 0 : 1;
  return summary.verdict === 'completed' ? 0 : 1;
}
