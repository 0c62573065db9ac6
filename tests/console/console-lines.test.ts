// What the console says about a typed line before it goes, and the ids its templates take.
import { describe, expect, it } from 'vitest';
import { describeLine, nextId, TEMPLATES } from '../../components/console/console-lines.ts';

describe('the console’s reading of a typed line', () => {
  it('names requests and notifications, and warns of what Paper Trail will drop', () => {
    expect(describeLine(TEMPLATES.list(4))).toEqual({
      tone: 'plain',
      text: 'A request (tools/list, id 4): its reply will carry the same id.',
    });
    expect(describeLine(TEMPLATES.initialized()).text).toContain('no reply comes back');
    const notJson = describeLine('{"jsonrpc": oops');
    expect(notJson.tone).toBe('warn');
    expect(notJson.text).toMatch(/sent exactly as typed.*-32700.*no reply comes back/);
    expect(describeLine('{"id":1,"method":"ping"}')).toMatchObject({ tone: 'warn' });
    expect(describeLine('a\nb').text).toContain('One line only');
  });

  it('gives templates the id after the largest whole-number id sent', () => {
    expect(nextId([])).toBe(1);
    expect(nextId([TEMPLATES.initialize(1), TEMPLATES.initialized(), TEMPLATES.call(7)])).toBe(8);
    expect(nextId(['{"jsonrpc":"2.0","id":"x","method":"ping"}', 'not json'])).toBe(1);
  });
});
