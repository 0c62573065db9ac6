// The bundles' copy of exercises/registry.ts. That module finds the exercises' checks by
// reading its own folder as it loads, which a bundle cannot do where it runs (the container,
// a learner's machine); this plugin writes the module's static twin from the same folders
// when the bundle is built, so the bundle carries every exercises/<id>/check.ts there is and
// still no list names them.
import { dirname } from 'node:path';
import type { Plugin } from 'esbuild';
import { idsWithChecks } from '../exercises/loader.ts';

export const checksFromFolders: Plugin = {
  name: 'checks-from-folders',
  setup(b) {
    b.onLoad({ filter: /[\\/]exercises[\\/]registry\.ts$/ }, (args) => {
      const dir = dirname(args.path);
      const ids = idsWithChecks(dir);
      const contents = [
        ...ids.map((id, i) => `import { checks as c${i} } from './${id}/check.ts';`),
        'export const checks = {',
        ...ids.map((id, i) => `  ${JSON.stringify(id)}: c${i},`),
        '};',
      ].join('\n');
      return { loader: 'ts', contents, resolveDir: dir };
    });
  },
};
