// A reference driver reports to its checks in lines `@@<tag> {json}` on stdout (see
// sandbox/checks/driver-reports.ts). They are for the checker, and a run prints dozens, long
// with base64, among the learner's own output: the terminal leaves them out and says how
// many it left out. Output arrives in chunks cut anywhere, so a line that may still turn out
// to be a report is held until its end; any other text goes through at once.

const REPORT = /^@@(\S+) \{.*\}\r?$/;
/** The text so far of a line that may still be a report: "@", "@@", "@@tag", "@@tag {…". */
const MAYBE_REPORT = /^@(@(\S+( (\{.*)?)?)?)?$/;

export interface DriverLineFilter {
  /** The part of `text` to show now. */
  push(text: string): string;
  /** What is still held (a last line without its newline), to show as it is. */
  flush(): string;
  /** How many report lines were left out, by tag, in the order first seen. */
  hidden(): Map<string, number>;
}

export function createDriverLineFilter(): DriverLineFilter {
  let held = '';
  // True while the current line is known not to be a report: the rest of it goes straight out.
  let passing = false;
  const hidden = new Map<string, number>();

  return {
    push(text) {
      let out = '';
      let rest = text;
      while (rest.length > 0) {
        const nl = rest.indexOf('\n');
        const piece = nl === -1 ? rest : rest.slice(0, nl);
        rest = nl === -1 ? '' : rest.slice(nl + 1);
        const ended = nl !== -1;
        if (passing) {
          out += piece + (ended ? '\n' : '');
          if (ended) passing = false;
          continue;
        }
        const line = held + piece;
        if (ended) {
          held = '';
          const report = REPORT.exec(line);
          if (report) hidden.set(report[1]!, (hidden.get(report[1]!) ?? 0) + 1);
          else out += line + '\n';
        } else if (MAYBE_REPORT.test(line)) {
          held = line;
        } else {
          held = '';
          passing = true;
          out += line;
        }
      }
      return out;
    },
    flush() {
      const out = held;
      held = '';
      passing = false;
      return out;
    },
    hidden: () => hidden,
  };
}

/** The terminal's note for the report lines it left out, or '' when there were none. */
export function hiddenNote(hidden: Map<string, number>): string {
  if (hidden.size === 0) return '';
  const counts = [...hidden].map(([tag, n]) => `${n} @@${tag}`).join(', ');
  const total = [...hidden.values()].reduce((a, b) => a + b, 0);
  return `[${counts} ${total === 1 ? 'line' : 'lines'} from the driver to the checks, not shown]`;
}
