// What the learner reads while the sandbox starts, one label per named boot stage. The
// runtime only names the stages; the words belong to the page.
import type { BootStage } from '../../sandbox/runtime/shared/types.ts';

export const STAGE_LABELS: Record<BootStage, string> = {
  booting: 'Booting sandbox',
  mounting: 'Mounting files',
  'checking-node': 'Checking Node',
  ready: 'Ready',
};
