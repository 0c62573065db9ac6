// A run's folder known by what it is, not only by where it is: the harness gives runs of an
// exercise numbered work folders (<id>-1, -2, …) and a later run may be given the same path
// at once. A folder at that path is this run's leftover only if it is the very same folder.
import { statSync } from 'node:fs';

export interface FolderIdentity {
  path: string;
  ino: number;
  /** The birth time: a new folder may get a freed inode number back, never its birth time. */
  birth: number;
}

/** The folder at `path` as it is now (it must exist). */
export function identify(path: string): FolderIdentity {
  const s = statSync(path);
  return { path, ino: s.ino, birth: s.birthtimeMs };
}

/** Is that very folder still there (rather than none, or another run's at the same path)? */
export function stillThere(folder: FolderIdentity): boolean {
  const s = statSync(folder.path, { throwIfNoEntry: false });
  return s !== undefined && s.ino === folder.ino && s.birthtimeMs === folder.birth;
}
