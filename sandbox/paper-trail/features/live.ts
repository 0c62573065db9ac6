// --live and --repeat-status: resources from a template over a larger catalog, with pages,
// subscriptions to an order whose status moves on, and completions for order ids.
import { aSwitch, paperTrailFeature } from '../feature.ts';
import { registerLiveResources } from '../resources/live.ts';

declare module '../options.ts' {
  interface PaperTrailOptions {
    /** Resources from a template over a larger catalog, pages, subscriptions, completions. */
    live?: boolean;
    /** With live: one update of the watched order keeps its status. */
    repeatStatus?: boolean;
  }
}

export default paperTrailFeature({
  lesson: 'resources-and-prompts',
  flags: { live: aSwitch(), 'repeat-status': aSwitch() },
  synopsis: '[--live [--repeat-status]]',
  help: [
    [
      '--live',
      'resources from the template orders://{order_id} over a larger',
      'catalog: paged resources/list, subscriptions to an order whose',
      'status moves on, completions for order ids (lesson 5)',
    ],
    [
      '--repeat-status',
      'with --live: one update of the watched order moves only its',
      'ETA, so two reads in a row return the same status',
    ],
  ],
  rules: [
    {
      holds: (o) => Boolean(o.live) || !o['repeat-status'],
      error: '--repeat-status only makes sense together with --live: it is about a watched order',
    },
  ],
  options: (o) => ({
    ...(o.live && { live: true }),
    ...(o['repeat-status'] && { repeatStatus: true }),
  }),
  register: (context) => {
    const { options } = context;
    if (!options.live) return;
    context.live = registerLiveResources(context.server, {
      seed: options.seed,
      statusStepMs: options.statusStepMs,
      repeatStatus: options.repeatStatus,
      awaitReadsMs: options.awaitReadsMs,
      log: context.log,
    });
  },
});
