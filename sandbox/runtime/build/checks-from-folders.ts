// The bundles' copy of sandbox/course/exercise-checks.ts. That module finds the exercises'
// checks by reading the lesson folders as it loads, which a bundle cannot do where it runs
// (the container, a learner's machine); this plugin writes the module's static twin from the
// same folders when the bundle is built, so the bundle carries every exercise's check.ts there
// is and still no list names them.
import { join } from 'node:path';
import type { Plugin } from 'esbuild';
import { CHECKS_FILE, checkFolders } from '../../course/exercise-folders.ts';

export const checksFromFolders: Plugin = {
  name: 'checks-from-folders',
  setup(b) {
    b.onLoad({ filter: /[\\/]sandbox[\\/]course[\\/]exercise-checks\.ts$/ }, (args) => {
      const repo = join(args.path, '..', '..', '..');
      const folders = checkFolders(repo);
      const contents = [
        ...folders.map(
          ({ folder }, i) => `import { checks as c${i} } from './${folder}/${CHECKS_FILE}';`,
        ),
        'export const checks = {',
        ...folders.map(({ id }, i) => `  ${JSON.stringify(id)}: c${i},`),
        '};',
      ].join('\n');
      return { loader: 'ts', contents, resolveDir: repo };
    });
  },
};
