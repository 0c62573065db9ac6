// Which learner files may be written: the one rule that exercise.json validation, the harness's
// work folder, the local runtime's workspace and the WebContainer's mount all apply. A path
// must stay inside the exercise folder, and a learner's write must name a file exercise.json
// lists as editable, exactly. No Node or DOM imports: the browser applies it too.

/** Relative, non-empty, and never climbing out ("..") or starting at the root ("/"). */
export function isInsideFolder(path: string): boolean {
  return path.length > 0 && !path.startsWith('/') && !path.split('/').includes('..');
}

export const INSIDE_FOLDER_RULE =
  'must be a path inside the exercise folder (no leading "/" or "..")';

/** A learner tried to write a file the exercise does not let them edit. */
export class NotEditableError extends Error {
  override name = 'NotEditableError';
}

export function isEditable(editable: readonly string[], path: string): boolean {
  return isInsideFolder(path) && editable.includes(path);
}

/** Throws NotEditableError naming the first path that is not one of the editable files. */
export function assertEditable(
  exercise: string,
  editable: readonly string[],
  paths: Iterable<string>,
): void {
  for (const path of paths) {
    if (!isEditable(editable, path)) {
      throw new NotEditableError(
        `"${path}" is not an editable file of ${exercise} (editable: ${editable.join(', ')})`,
      );
    }
  }
}
