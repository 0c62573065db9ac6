// What the exercise page hands the workbench script: the files, as JSON in the page.
export interface WorkbenchFile {
  path: string;
  starter: string;
  /** The solution's version; undefined for a file the solution leaves as the starter has it. */
  solution?: string;
}

export interface WorkbenchData {
  id: string;
  title: string;
  editable: WorkbenchFile[];
  reference: { path: string; text: string }[];
  /** How to run the exercise from a terminal, for the fallback message. */
  howToRun: string;
}

export const DATA_ELEMENT_ID = 'workbench-data';

/** JSON for a <script type="application/json">: "<" escaped so no "</script>" can close it. */
export function embedJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}
