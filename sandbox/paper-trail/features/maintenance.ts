// --maintenance: set_maintenance takes track_shipment off the tool list and back, each change
// announced with notifications/tools/list_changed.
import { aSwitch, paperTrailFeature } from '../feature.ts';
import { registerMaintenance } from '../tools/maintenance.ts';

declare module '../options.ts' {
  interface PaperTrailOptions {
    /** A set_maintenance tool that takes track_shipment off the list and back. */
    maintenance?: boolean;
  }
}

export default paperTrailFeature({
  lesson: 'notifications',
  flags: { maintenance: aSwitch() },
  synopsis: '[--maintenance]',
  help: [
    [
      '--maintenance',
      'add the tool set_maintenance: {"on":true} takes track_shipment',
      'off the tool list, {"on":false} puts it back; each change',
      'sends notifications/tools/list_changed (lesson 6)',
    ],
  ],
  options: (o) => ({ ...(o.maintenance && { maintenance: true }) }),
  register: ({ server, options, tracking }) => {
    if (!options.maintenance) return;
    if (!tracking) throw new Error('set_maintenance needs track_shipment registered before it');
    registerMaintenance(server, tracking);
  },
});
