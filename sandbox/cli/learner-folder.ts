// The learner's --dir, looked at before a run: a problem there is the learner's to fix (a
// link whose target is gone, a folder that is not one), so it gets a sentence naming the file
// and exit 2, not a harness error that blames the course.
import { existsSync, lstatSync, readdirSync, readlinkSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** What is wrong with the folder, one sentence per problem; empty when it can be run. */
export function learnerFolderProblems(dir: string): string[] {
  const root = resolve(dir);
  if (!existsSync(root)) return [`--dir ${dir}: there is no such folder`];
  if (!statSync(root).isDirectory())
    return [`--dir ${dir}: it is a file; give the folder it is in`];
  const problems: string[] = [];
  const walk = (sub: string, depth: number): void => {
    if (depth > 32) return;
    for (const name of readdirSync(join(root, sub))) {
      if (name === 'node_modules' || name === '.git') continue;
      const rel = sub ? `${sub}/${name}` : name;
      const path = join(root, rel);
      const link = lstatSync(path);
      if (link.isSymbolicLink() && !existsSync(path)) {
        problems.push(
          `--dir ${dir}: ${rel} is a link to ${readlinkSync(path)}, which does not exist; replace the link with the file itself`,
        );
        continue;
      }
      if (statSync(path).isDirectory()) walk(rel, depth + 1);
    }
  };
  walk('', 0);
  return problems;
}
