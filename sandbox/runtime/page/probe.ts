// What the adapter asks the container's Node at boot, in one process: its version, and
// whether it runs a .ts module as it is (type stripping, on by default from Node 22.18). The
// probe itself is plain JavaScript so that it answers on any Node.
import { stripAnsi } from '../shared/sentinel.ts';
import { CONTAINER_PATHS } from '../shared/container-paths.ts';

/** How the container runs the learner's TypeScript: 'native' (.ts as it is) or 'stripped' (.js twins). */
export interface About {
  node: string;
  typescript: 'native' | 'stripped';
}

const MARK = 'mcpw-probe:';

export const PROBE_FILES: Record<string, string> = {
  [CONTAINER_PATHS.probe]: [
    'let strips = false;',
    'try {',
    "  strips = (await import('./probe-types.ts')).n === 42;",
    '} catch {}',
    `console.log('${MARK}' + JSON.stringify({ node: process.version, strips }));`,
    '',
  ].join('\n'),
  [CONTAINER_PATHS.probeTypes]: 'export const n: number = 6 * 7;\n',
};

/** The probe's answer in the terminal's text, or undefined when it gave none. */
export function readProbe(output: string): About | undefined {
  const line = stripAnsi(output)
    .split(/\r?\n/)
    .find((l) => l.includes(MARK));
  if (!line) return undefined;
  try {
    const { node, strips } = JSON.parse(line.slice(line.indexOf(MARK) + MARK.length)) as {
      node: unknown;
      strips: unknown;
    };
    if (typeof node !== 'string') return undefined;
    return { node, typescript: strips === true ? 'native' : 'stripped' };
  } catch {
    return undefined;
  }
}
