// `?runtime=webcontainer` or `?runtime=local` in the page's address forces the runtime (see
// runtime-choice.ts); read here, apart from the runtimes, so the failure notice can tell too.
import type { Runtime } from '../../sandbox/runtime/shared/types.ts';

/** The runtime `?runtime=` asks for; undefined when absent or not one of the two. */
export function forcedRuntime(search: string): Runtime['kind'] | undefined {
  const asked = new URLSearchParams(search).get('runtime');
  return asked === 'webcontainer' || asked === 'local' ? asked : undefined;
}
