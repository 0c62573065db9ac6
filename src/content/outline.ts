// Lessons planned but not written yet, shown in the outline as "(coming)" at their place. A
// written lesson is its folder (lessons/<NN>-<slug>/) and needs no entry here; one that is
// written takes the place of the planned entry with its number.
export interface OutlineEntry {
  order: number;
  title: string;
  about: string;
}

export const planned: OutlineEntry[] = [];
