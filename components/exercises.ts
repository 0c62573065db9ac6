// Exercise titles for links, read at build time from exercises/<id>/exercise.json (written
// by the exercise authors). A missing or unreadable file falls back to the id.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export function exerciseTitle(id: string, root = process.cwd()): string {
  try {
    const json = JSON.parse(readFileSync(join(root, 'exercises', id, 'exercise.json'), 'utf8'));
    const title = (json as { title?: unknown }).title;
    return typeof title === 'string' && title.trim() !== '' ? title : id;
  } catch {
    return id;
  }
}
