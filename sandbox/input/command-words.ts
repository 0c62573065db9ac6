// `--cmd '<command>'`: the learner's program as a command line, typed as a shell would take
// it, but split into words here and started without a shell. A shell would give `|`, `>`,
// `$HOME` or `*.py` a meaning the harness cannot honour (a pipe would put a second program on
// the wire, a redirect would take the wire away), so those are refused with a sentence saying
// what to write instead, rather than passed on as literal words that fail obscurely later.
// What is accepted: words split on blanks, '…' taken as it is, "…" with \" \\ \$ \` escaped,
// and a backslash outside quotes escaping the next character.

export class CommandWordsError extends Error {
  override name = 'CommandWordsError';
}

/** Characters that mean something to a shell, outside quotes, and what the learner can do. */
const SHELL_ONLY: Record<string, string> = {
  '|': 'a pipe',
  '&': 'a background job or "&&"',
  ';': 'a second command',
  '<': 'a redirection',
  '>': 'a redirection',
  '(': 'a subshell',
  ')': 'a subshell',
  $: 'a variable or $(…)',
  '`': 'a command substitution',
  '*': 'a wildcard',
  '?': 'a wildcard',
  '[': 'a wildcard',
  '{': 'a brace expansion',
  '}': 'a brace expansion',
  '#': 'a comment',
};

const BLANK = /[ \t\n]/;
/** `NAME=value` as a first word: a shell would set a variable, not run a program. */
const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;

function refuse(text: string, at: number, what: string): never {
  throw new CommandWordsError(
    `--cmd "${text}": ${what} (at character ${at + 1}). The command is run without a shell: ` +
      'give the program and its arguments only, and quote a character you mean literally ' +
      `('…'); for anything a shell must do, put it in a script and give --cmd 'sh your-script.sh'`,
  );
}

/** The words of `text`, as a POSIX shell would split them; throws CommandWordsError. */
export function commandWords(text: string): string[] {
  const words: string[] = [];
  let word: string | null = null;
  let i = 0;
  const add = (s: string) => (word = (word ?? '') + s);
  while (i < text.length) {
    const c = text[i]!;
    if (BLANK.test(c)) {
      if (word !== null) words.push(word);
      word = null;
      i++;
    } else if (c === "'") {
      const end = text.indexOf("'", i + 1);
      if (end === -1) refuse(text, i, 'this quote is never closed');
      add(text.slice(i + 1, end));
      i = end + 1;
    } else if (c === '"') {
      let j = i + 1;
      let inner = '';
      for (; j < text.length && text[j] !== '"'; j++) {
        const d = text[j]!;
        if (d === '\\' && '"\\$`'.includes(text[j + 1] ?? '')) {
          inner += text[++j];
        } else if (d === '$' || d === '`') {
          refuse(text, j, `${SHELL_ONLY[d]} is something only a shell can expand`);
        } else {
          inner += d;
        }
      }
      if (j >= text.length) refuse(text, i, 'this quote is never closed');
      add(inner);
      i = j + 1;
    } else if (c === '\\') {
      if (i + 1 >= text.length) refuse(text, i, 'a backslash at the end escapes nothing');
      // A backslash before a newline joins the lines, as in a shell.
      if (text[i + 1] !== '\n') add(text[i + 1]!);
      i += 2;
    } else if (c in SHELL_ONLY && !(c === '#' && word !== null)) {
      refuse(text, i, `"${c}" would be ${SHELL_ONLY[c]} in a shell`);
    } else if (c === '~' && word === null) {
      refuse(text, i, '"~" would be your home folder in a shell; write the path out');
    } else {
      add(c);
      i++;
    }
  }
  if (word !== null) words.push(word);
  if (words.length === 0) {
    throw new CommandWordsError('--cmd needs a command, e.g. --cmd "python3 client.py"');
  }
  if (ASSIGNMENT.test(words[0]!)) {
    refuse(text, 0, `"${words[0]}" would set a variable in a shell`);
  }
  return words;
}
