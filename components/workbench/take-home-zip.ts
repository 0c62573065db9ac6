// The take-home zip itself: every file under one folder, deflated with fflate. The page and
// the Node tests both call this, so what the tests unzip and run is what a learner gets.
import { strToU8, zipSync, type Zippable } from 'fflate';

export function zipTakeHome(files: Record<string, string>, folder: string): Uint8Array {
  const tree: Zippable = {};
  for (const [path, text] of Object.entries(files)) tree[`${folder}/${path}`] = strToU8(text);
  return zipSync(tree, { level: 6 });
}
