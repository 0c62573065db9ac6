// Where a capture's files are: lessons/<NN>-<slug>/captures/, in the folder of the lesson whose
// sessions record it. Lessons name captures by name alone (<Frames capture="handshake">), and
// a lesson may show another's, so a name is looked up across every lesson folder; the capture
// tool refuses two lessons that make one name.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { lessonFolders } from './lesson-folders.ts';

export const CAPTURES_FOLDER = 'captures';

/** Every file in every lesson's captures folder: file name → repo-relative path. */
export function captureFiles(root: string = process.cwd()): Map<string, string> {
  const files = new Map<string, string>();
  for (const lesson of lessonFolders(root)) {
    const folder = `${lesson.folder}/${CAPTURES_FOLDER}`;
    if (!existsSync(join(root, folder))) continue;
    for (const name of readdirSync(join(root, folder)).sort()) {
      files.set(name, `${folder}/${name}`);
    }
  }
  return files;
}

/**
 * The repo-relative path of a capture file (`handshake.jsonl`, `host-client-a.stderr.txt`);
 * throws naming where it looked when no lesson has it.
 */
export function captureFile(name: string, root: string = process.cwd()): string {
  const path = captureFiles(root).get(name);
  if (path === undefined) {
    throw new Error(
      `no lesson has a capture file ${name} (looked in lessons/*/${CAPTURES_FOLDER}/); record it with npm run capture`,
    );
  }
  return path;
}
