import { describe, expect, it } from 'vitest';
import { codeSpans } from '../../components/teaching/inline-code.ts';

describe('codeSpans', () => {
  it('splits backtick spans into code pieces', () => {
    expect(codeSpans('a `result` with `isError`')).toEqual([
      { code: false, text: 'a ' },
      { code: true, text: 'result' },
      { code: false, text: ' with ' },
      { code: true, text: 'isError' },
    ]);
  });

  it('keeps text with an unpaired backtick as it is', () => {
    expect(codeSpans('one ` alone')).toEqual([{ code: false, text: 'one ` alone' }]);
  });

  it('never turns markup into anything but text', () => {
    expect(codeSpans('<b>`<i>`')).toEqual([
      { code: false, text: '<b>' },
      { code: true, text: '<i>' },
    ]);
  });
});
