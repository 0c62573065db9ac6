// How a program's printed lines differ from the lines it should have printed, in the order a
// learner can act on it: a line printed twice, the lines missing, the lines nobody asked for.
// Missing and extra lines together usually mean lines copied from another run's data.

export interface LineDiff {
  /** Expected lines that were not printed. */
  missing: string[];
  /** Printed lines that were not expected. */
  extra: string[];
  /** The first line printed twice, if one was. */
  twice?: string;
}

/** The difference between `lines` printed and `want`ed (order aside: equal sets may differ in it). */
export function lineDiff(lines: readonly string[], want: readonly string[]): LineDiff {
  const twice = lines.find((line, i) => lines.indexOf(line) !== i);
  return {
    missing: want.filter((line) => !lines.includes(line)),
    extra: lines.filter((line) => !want.includes(line)),
    ...(twice !== undefined && { twice }),
  };
}
