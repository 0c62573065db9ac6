// What a learner reads when the sandbox cannot start: what happened, and what to do.
import type { BootFailureReason } from '../../sandbox/runtime/shared/types.ts';

export interface Advice {
  what: string;
  todo: string;
}

const LOCAL =
  'Run the course on your own computer instead: clone the repository, then `npm ci` and ' +
  '`npm start` (or, for a classroom offline, `npm run build` and `npm run workshop`), and open ' +
  "the address it prints. Exercises then run on your computer's Node, with no sandbox to load.";

/** When the address forced the in-browser sandbox, the server may well run exercises itself. */
const FORCED =
  'This page asked for the in-browser sandbox (`?runtime=webcontainer` in its address). ' +
  'If the server that serves it runs exercises itself (`npm start`, `npm run workshop`), ' +
  'remove that from the address and reload: they then run on this computer.';

export function adviceFor(
  reason: BootFailureReason | 'unknown',
  detail: string,
  forced?: 'webcontainer' | 'local',
): Advice {
  const advice = adviceForReason(reason, detail);
  return forced === 'webcontainer' ? { ...advice, todo: `${FORCED} ${advice.todo}` } : advice;
}

function adviceForReason(reason: BootFailureReason | 'unknown', detail: string): Advice {
  switch (reason) {
    case 'not-isolated':
      return {
        what: 'This page was served without the cross-origin isolation headers the in-browser sandbox needs.',
        todo: `If you host the site, send COOP/COEP on /exercises/ (see the README). ${LOCAL}`,
      };
    case 'unsupported':
      return {
        what: detail,
        todo: `Open this page in Chrome, Edge or another Chromium-based browser on a computer (your code here is saved in this browser only: copy it across). Or: ${LOCAL}`,
      };
    case 'offline':
      return {
        what: detail,
        todo: `Connect to the internet, then press Try again. Or: ${LOCAL}`,
      };
    case 'unreachable':
      return {
        what: `${detail} The sandbox loads from stackblitz.com: your network does not reach it, or an ad blocker, a firewall or this browser's privacy settings stop it.`,
        todo: `Check your connection or allow stackblitz.com, then press Try again. Or: ${LOCAL}`,
      };
    case 'timeout':
      return {
        what: `${detail} The sandbox loads from stackblitz.com: your network may not reach it, or an ad blocker or this browser's privacy settings may stop it.`,
        todo: `Check your connection or allow stackblitz.com, then press Try again. Or: ${LOCAL}`,
      };
    case 'blocked':
      return {
        what: `${detail} Browsers that block third-party frames or storage stop the sandbox.`,
        todo: `Allow third-party cookies for this site, or try another browser. Or: ${LOCAL}`,
      };
    case 'unauthorised':
    case 'unavailable':
      return {
        what: `${detail} The local server that runs exercises is not answering this page.`,
        todo: 'Restart `npm run workshop` (or `npm start`) and reload this page.',
      };
    default:
      return { what: detail, todo: LOCAL };
  }
}
