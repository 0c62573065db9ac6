// The lazy half of "Download this exercise" (take-home.ts): fetches the take-home parts once
// (one file for every exercise, so the browser caches it), lays the learner's files into them
// (takeHomeFiles), zips them (zipTakeHome) and hands the zip to the browser as a download.
import { TAKE_HOME_URL, type TakeHomeParts } from '../../sandbox/runtime/shared/take-home-parts.ts';
import type { WorkbenchData } from './data.ts';
import { takeHomeFiles, takeHomeFolder } from './take-home-files.ts';
import { zipTakeHome } from './take-home-zip.ts';
import { saveFile } from './save-file.ts';

let parts: Promise<TakeHomeParts> | undefined;

function loadParts(): Promise<TakeHomeParts> {
  parts ??= fetch(TAKE_HOME_URL)
    .then((res) => {
      if (!res.ok) throw new Error(`the exercise files are missing (${res.status})`);
      return res.json() as Promise<TakeHomeParts>;
    })
    .catch((err: unknown) => {
      // A failed fetch (offline a moment) must not stick: the next click tries again.
      parts = undefined;
      throw err;
    });
  return parts;
}

export async function downloadTakeHome(
  data: WorkbenchData,
  learnerFiles: Record<string, string>,
): Promise<void> {
  const pageUrl = `${location.origin}${location.pathname}`;
  const files = takeHomeFiles(await loadParts(), data.id, learnerFiles, { pageUrl });
  const folder = takeHomeFolder(data.id);
  const zip = zipTakeHome(files, folder);
  saveFile(`${folder}.zip`, new Blob([zip as BlobPart], { type: 'application/zip' }));
}
