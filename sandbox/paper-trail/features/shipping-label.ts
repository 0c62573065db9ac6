// get_shipping_label: a tool whose result holds an image and a resource link beside its text.
import { paperTrailFeature } from '../feature.ts';
import { registerShippingLabel } from '../tools/shipping-label.ts';

export default paperTrailFeature({
  lesson: 'tools-in-depth',
  flags: {},
  register: ({ server, requireOrder }) => registerShippingLabel(server, requireOrder),
});
