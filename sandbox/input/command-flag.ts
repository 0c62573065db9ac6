// --cmd '<command>', as the exercise CLI, the harness and the take-home harness accept it:
// the command split into words (command-words.ts), or the reason it cannot be, as the
// flag's own error.
import { z } from 'zod';
import { commandWords, CommandWordsError } from './command-words.ts';

export const commandFlag = z.string().transform((text, ctx) => {
  try {
    return commandWords(text);
  } catch (err) {
    if (!(err instanceof CommandWordsError)) throw err;
    ctx.addIssue({ code: 'custom', message: err.message });
    return z.NEVER;
  }
});
