// Paper Trail is a list of features: each one's flags, help, rules, options and registration
// come from its own file. A made-up feature, added to a copy of the list, must reach the
// command line, --help and the server with no other edit.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { describe, expect, it } from 'vitest';
import { wholeNumber } from '../../sandbox/input/cli-args.ts';
import { ArgsError, USAGE, commandLineOf } from '../../sandbox/paper-trail/args.ts';
import { aSwitch, paperTrailFeature } from '../../sandbox/paper-trail/feature.ts';
import { FEATURES } from '../../sandbox/paper-trail/features/index.ts';
import { createPaperTrailServer } from '../../sandbox/paper-trail/server.ts';
import { lessonFolders } from '../../sandbox/course/lesson-folders.ts';

const lessons = lessonFolders().map((lesson) => lesson.slug);

declare module '../../sandbox/paper-trail/options.ts' {
  interface PaperTrailOptions {
    warehouse?: number;
  }
}

const warehouse = paperTrailFeature({
  lesson: 'the-wire',
  flags: {
    warehouse: wholeNumber('--warehouse', { min: 1, max: 9 }).optional(),
    loud: aSwitch(),
  },
  synopsis: '[--warehouse N [--loud]]',
  help: [['--warehouse N', 'add the tool warehouse_of, answering with warehouse N']],
  rules: [
    {
      holds: (o) => o.warehouse !== undefined || !o.loud,
      error: '--loud only makes sense together with --warehouse',
    },
  ],
  options: (o) => ({ ...(o.warehouse !== undefined && { warehouse: o.warehouse }) }),
  register: ({ server, options }) => {
    const number = options.warehouse;
    if (number === undefined) return;
    server.registerTool('warehouse_of', { description: 'Which warehouse ships.' }, () => ({
      content: [{ type: 'text', text: `warehouse ${number}` }],
    }));
  },
});

describe('Paper Trail features', () => {
  it('each serves a lesson of the course, and each flag is in --help', () => {
    for (const feature of FEATURES) {
      expect(lessons).toContain(feature.lesson);
      for (const flag of Object.keys(feature.flags)) expect(USAGE).toContain(`--${flag}`);
    }
    expect(USAGE).toMatch(/^ {2}--http +serve streamable HTTP/m);
  });

  it('are listed again in --help under the lesson each serves', () => {
    const byLesson = USAGE.slice(USAGE.indexOf('flags by the lesson')).replace(/\n {6}/g, ' ');
    for (const feature of FEATURES) {
      const row = byLesson.split('\n').find((line) => line.startsWith(`  ${feature.lesson}:`));
      expect(row, `--help has no line for ${feature.lesson}`).toBeDefined();
      for (const flag of Object.keys(feature.flags))
        expect(row).toMatch(new RegExp(` --${flag}( |$)`));
    }
  });

  it('a made-up feature reaches the command line, its rules, --help and the server', async () => {
    const commandLine = commandLineOf([...FEATURES, warehouse]);
    expect(commandLine.usage).toContain('[--warehouse N [--loud]]');
    expect(commandLine.usage).toMatch(/ {2}--warehouse N +add the tool warehouse_of/);
    const args = commandLine.parse(['--warehouse', '4', '--seed', '3']);
    expect(args).toEqual({ mode: 'stdio', warehouse: 4, seed: 3 });
    expect(() => commandLine.parse(['--loud'])).toThrow(
      '--loud only makes sense together with --warehouse',
    );
    expect(() => commandLine.parse(['--warehouse', '10'])).toThrow('--warehouse must be at most 9');

    const { mode: _mode, ...options } = args;
    const server = createPaperTrailServer(options, [...FEATURES, warehouse]);
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    const client = new Client({ name: 'features-test', version: '1.0.0' });
    await client.connect(clientSide);
    try {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name).at(-1)).toBe('warehouse_of');
      expect(await client.callTool({ name: 'warehouse_of', arguments: {} })).toMatchObject({
        content: [{ type: 'text', text: 'warehouse 4' }],
      });
    } finally {
      await client.close();
    }
  });

  it('refuses two features that claim one flag', () => {
    const twin = paperTrailFeature({ lesson: 'the-wire', flags: { seed: aSwitch() } });
    expect(() => commandLineOf([...FEATURES, twin])).toThrow(
      'two Paper Trail features declare the flag --seed',
    );
  });

  it('tells the person which typed flags need --http, in one sentence', () => {
    expect(() => commandLineOf(FEATURES).parse(['--json-response', '--max-body', '99'])).toThrow(
      ArgsError,
    );
    expect(() => commandLineOf(FEATURES).parse(['--json-response', '--max-body', '99'])).toThrow(
      '--json-response and --max-body only make sense together with --http',
    );
  });
});
