// One run of the official conformance suite's server scenarios against a live Paper Trail over
// streamable HTTP, held to conformance-baseline.yml, for the tests that read its results.
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { spawnPaperTrailHttp } from '../../sandbox/paper-trail/index.ts';

const run = promisify(execFile);
const conformance = fileURLToPath(
  new URL('../../node_modules/@modelcontextprotocol/conformance/dist/index.js', import.meta.url),
);
/** The expected failures of plain Paper Trail; a run with more features may have its own. */
const PLAIN_BASELINE = 'conformance-baseline.yml';

/** One check of a scenario as the suite writes it to checks.json. */
export interface ConformanceCheck {
  id: string;
  status: string;
  errorMessage?: string;
  details?: { result?: { content?: Array<{ text?: string }> } };
}

export interface ConformanceRun {
  stdout: string;
  exitCode: number;
  /** The checks of one scenario (its name without the "server-" prefix of the folder). */
  checksOf(scenario: string): ConformanceCheck[];
  /** Stops the server and removes the results. */
  close(): Promise<void>;
}

/**
 * Starts Paper Trail with `options`, runs every server scenario against it, held to the
 * expected failures in `baselineFile` (beside this file), and keeps the results.
 */
export async function runConformance(
  options: Parameters<typeof spawnPaperTrailHttp>[0],
  baselineFile = PLAIN_BASELINE,
): Promise<ConformanceRun> {
  const server = await spawnPaperTrailHttp(options);
  return runConformanceOn(server, fileURLToPath(new URL(`./${baselineFile}`, import.meta.url)));
}

/**
 * Runs every server scenario against a server already listening at `server.url` (any build
 * of Paper Trail), held to the baseline file at `baseline`; `close()` stops the server.
 */
export async function runConformanceOn(
  server: { url: string; stop(): Promise<unknown> },
  baseline: string,
): Promise<ConformanceRun> {
  const output = mkdtempSync(join(tmpdir(), 'conformance-'));
  let stdout = '';
  let exitCode = 0;
  try {
    ({ stdout } = await run(
      process.execPath,
      [conformance, 'server', '--url', server.url, '--expected-failures', baseline, '-o', output],
      { timeout: 120_000 },
    ));
  } catch (error) {
    // A failed baseline check exits non-zero; its report is what the tests read.
    const failed = error as { stdout?: string; code?: number };
    stdout = failed.stdout ?? String(error);
    exitCode = failed.code ?? 1;
  }
  return {
    stdout,
    exitCode,
    checksOf(scenario) {
      const dir = readdirSync(output).find((name) => name.startsWith(`server-${scenario}-`));
      if (!dir) throw new Error(`no results for ${scenario} in ${output}`);
      return JSON.parse(
        readFileSync(join(output, dir, 'checks.json'), 'utf8'),
      ) as ConformanceCheck[];
    },
    async close() {
      await server.stop();
      rmSync(output, { recursive: true, force: true });
    },
  };
}
