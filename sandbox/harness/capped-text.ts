// One output stream of the program, decoded as UTF-8 and kept up to its byte limit.
import { StringDecoder } from 'node:string_decoder';
import { ByteBudget } from './limits.ts';

export class CappedText {
  text = '';
  private readonly decoder = new StringDecoder('utf8');
  private readonly budget: ByteBudget;

  constructor(limit: number) {
    this.budget = new ByteBudget(limit);
  }

  /** Returns the decoded text to report, or null once the cap is passed. */
  push(chunk: Buffer): string | null {
    if (!this.budget.spend(chunk.length)) return null;
    const s = this.decoder.write(chunk);
    this.text += s;
    return s;
  }
}
