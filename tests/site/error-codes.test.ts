// The error-code list is data people edit: a mistake must fail with the file, the entry and
// the field named. The table and the badges read the same list, so they cannot disagree.
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import {
  errorCodes,
  parseErrorCodes,
  pickErrorCodes,
} from '../../components/reference/error-codes.ts';
import { errorName } from '../../components/reference/error-names.ts';
import { pairFrames } from '../../components/frames/view.ts';

const entry = {
  code: -32601,
  name: 'Method not found',
  origin: 'JSON-RPC 2.0',
  spec: 'https://www.jsonrpc.org/specification#error_object',
  sender: 'the receiver of the request',
  meaning: 'No such method.',
  sdk: 'Sent as specified.',
};

const problems = (data: unknown): string[] => {
  try {
    parseErrorCodes(data, 'error-codes-data.ts');
    return [];
  } catch (error) {
    return (error as { lines: string[] }).lines;
  }
};

describe('the error-code list', () => {
  it('holds the JSON-RPC codes, the two MCP codes, and what SDK 1.32.2 does instead', () => {
    expect(errorCodes().map((e) => e.code)).toEqual([
      -32700, -32600, -32601, -32602, -32603, -32002, -32042, -32020, -32021, -32022,
    ]);
    const sdk = (code: number) => errorCodes().find((e) => e.code === code)!.sdk;
    expect(sdk(-32002)).toMatch(/Never sent.*-32602/); // resource not found
    expect(sdk(-32602)).toMatch(/unknown tool.*`isError` result/); // unknown tool
  });

  it('names the file, the entry and the field of a mistake', () => {
    expect(problems([{ ...entry, code: 'x' }])).toEqual([
      'error-codes-data.ts: 0.code: code must be a whole number such as -32601',
    ]);
    expect(problems([entry, { ...entry, code: -32600, name: ' ', spec: 'jsonrpc.org' }])).toEqual([
      'error-codes-data.ts: 1.name: name must not be empty',
      'error-codes-data.ts: 1.spec: spec must be the URL of the section that defines the code',
    ]);
    expect(problems([entry, { ...entry }])).toEqual([
      'error-codes-data.ts: 1.code: code -32601 is listed twice',
    ]);
    expect(problems([{ ...entry, extra: 1 }])[0]).toMatch(/^error-codes-data.ts: 0: /);
    expect(problems([entry])).toEqual([]);
  });

  it('picks a subset in the order asked, and refuses a code it does not know', () => {
    expect(pickErrorCodes([-32602, -32002]).map((e) => e.code)).toEqual([-32602, -32002]);
    expect(() => pickErrorCodes([-32099])).toThrow(/no entry for -32099/);
  });

  it('gives the transcript badges their names', () => {
    expect(errorName(-32601)).toBe('Method not found');
    const [view] = pairFrames([
      {
        seq: 0,
        t: 0,
        dir: 's2c',
        transport: 'stdio',
        text: '{"jsonrpc":"2.0","id":1,"error":{"code":-32042,"message":"go to the URL"}}',
      },
    ]);
    expect(view!.info.badge.detail).toContain('(URL elicitation required)');
    expect(view!.info.errorCode).toBe(-32042);
  });

  it('names codes in the page without carrying the validator there', async () => {
    // The workbench's live pane draws badges in the browser through view.ts → error-names.ts.
    const bundle = await build({
      entryPoints: ['components/reference/error-names.ts'],
      bundle: true,
      minify: true,
      write: false,
      format: 'esm',
    });
    const js = bundle.outputFiles[0]!.text;
    expect(js).toContain('Method not found');
    expect(js).not.toMatch(/ZodError|safeParse/);
    expect(js.length).toBeLessThan(8_000);
  });
});
