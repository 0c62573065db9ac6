// What the failure notice tells a learner whose sandbox did not start.
import { describe, expect, it } from 'vitest';
import { adviceFor } from '../../components/workbench/advice.ts';

describe('adviceFor', () => {
  it('sends learners to the README quick start: npm ci, then npm start', () => {
    const { todo } = adviceFor('unreachable', 'The sandbox did not load.');
    expect(todo).toContain('`npm ci`');
    expect(todo).toContain('`npm start`');
    expect(todo).not.toContain('npm install');
  });

  it('says how to use the serving runtime when the address forced the browser sandbox', () => {
    const forced = adviceFor('timeout', 'It took too long.', 'webcontainer');
    expect(forced.todo).toMatch(
      /^This page asked for the in-browser sandbox \(`\?runtime=webcontainer`/,
    );
    expect(forced.todo).toContain('remove that from the address');
    expect(adviceFor('timeout', 'It took too long.').todo).not.toContain('?runtime=');
  });
});
