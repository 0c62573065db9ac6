// --cmd's words: split as a shell splits them, and what only a shell could do refused by name.
import { describe, expect, it } from 'vitest';
import { commandWords } from '../../sandbox/input/command-words.ts';

describe('commandWords', () => {
  it('splits on blanks and honours quotes and backslashes as a shell does', () => {
    expect(commandWords('python3  client.py')).toEqual(['python3', 'client.py']);
    expect(commandWords(`python3 'my client.py' "a \\"b\\" c" d\\ e ''`)).toEqual([
      'python3',
      'my client.py',
      'a "b" c',
      'd e',
      '',
    ]);
    expect(commandWords("go run ./cmd/client -flag='x|y'")).toEqual([
      'go',
      'run',
      './cmd/client',
      '-flag=x|y',
    ]);
    expect(commandWords('ruby a#b.rb')).toEqual(['ruby', 'a#b.rb']);
  });

  it.each([
    ['python3 client.py | tee log', '"|" would be a pipe in a shell (at character 19)'],
    ['python3 client.py > out', '">" would be a redirection'],
    ['python3 $HOME/client.py', '"$" would be a variable'],
    ['python3 "$HOME/client.py"', 'a variable or $(…) is something only a shell can expand'],
    ['python3 *.py', '"*" would be a wildcard'],
    ['python3 ~/client.py', '"~" would be your home folder'],
    ['PYTHONUNBUFFERED=1 python3 client.py', '"PYTHONUNBUFFERED=1" would set a variable'],
    ["python3 'client.py", 'this quote is never closed (at character 9)'],
    ['python3 client.py\\', 'a backslash at the end escapes nothing'],
    ['   ', '--cmd needs a command'],
  ])('refuses %j, saying why', (text, says) => {
    expect(() => commandWords(text)).toThrow(says);
  });
});
