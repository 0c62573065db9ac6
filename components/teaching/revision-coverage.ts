// Whether every place a revision-changes file names is real: the lesson exists, the frame is
// in its capture and on the lesson's page, the section is listed and the lesson links it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { captureFiles } from '../../sandbox/course/capture-files.ts';
import { lessonFolderOf } from '../../sandbox/course/lesson-folders.ts';
import { loadCapture } from '../frames/capture.ts';
import { loadSpecSections, sectionUrl, type RevisionChanges } from './revision-changes.ts';
import { shownFrames } from './shown-frames.ts';

/** One sentence per place that does not hold, naming the item by its ref. */
export function coverageProblems(data: RevisionChanges, root = process.cwd()): string[] {
  const problems: string[] = [];
  const sections = loadSpecSections(root);
  const sources = new Map<string, string>();
  const source = (lesson: string) => {
    if (!sources.has(lesson)) {
      const folder = lessonFolderOf(lesson, root);
      sources.set(lesson, folder ? readFileSync(join(root, folder.file), 'utf8') : '');
    }
    return sources.get(lesson)!;
  };
  const refs = new Set<string>();
  for (const item of data.items) {
    if (refs.has(item.ref)) problems.push(`${item.ref}: appears twice`);
    refs.add(item.ref);
    for (const p of item.taught ?? []) {
      const text = source(p.lesson);
      if (text === '') {
        problems.push(
          `${item.ref}: lesson "${p.lesson}" does not exist (no lessons/<NN>-${p.lesson}/)`,
        );
        continue;
      }
      if (p.section !== undefined) {
        const url = sectionUrl(sections, data.revision, p.section);
        if (!url) {
          problems.push(
            `${item.ref}: "${p.section}" is not a ${data.revision} section of lessons/spec-sections.json`,
          );
        } else if (!text.includes(`(${url})`)) {
          problems.push(`${item.ref}: ${p.lesson} never links "${p.section}" (${url})`);
        }
        continue;
      }
      const capture = p.capture!;
      if (!captureFiles(root).has(`${capture}.jsonl`)) {
        problems.push(`${item.ref}: there is no capture "${capture}"`);
        continue;
      }
      if (!loadCapture(capture, root).views.some((v) => v.record.seq === p.seq)) {
        problems.push(`${item.ref}: capture "${capture}" has no frame ${p.seq}`);
        continue;
      }
      if (!shownFrames(text, root).get(capture)?.has(p.seq!)) {
        problems.push(`${item.ref}: ${p.lesson} does not show frame ${p.seq} of "${capture}"`);
      }
    }
  }
  return problems;
}
