// Every exercise's checks, imported statically so that the harness bundles into one file.
import type { Check } from '../sandbox/contract/check.ts';
import { checks as answerTheServer } from './answer-the-server/check.ts';
import { checks as cancelInFlight } from './cancel-in-flight/check.ts';
import { checks as fetchClient } from './fetch-client/check.ts';
import { checks as negotiate } from './negotiate/check.ts';
import { checks as portTo2026 } from './port-to-2026/check.ts';
import { checks as quietDependencies } from './quiet-dependencies/check.ts';
import { checks as rawClient } from './raw-client/check.ts';
import { checks as resourceServer } from './resource-server/check.ts';
import { checks as stdoutIsTheWire } from './stdout-is-the-wire/check.ts';
import { checks as tap } from './tap/check.ts';
import { checks as trustButVerify } from './trust-but-verify/check.ts';
import { checks as twoKindsOfFailure } from './two-kinds-of-failure/check.ts';
import { checks as watchAnOrder } from './watch-an-order/check.ts';

export const checks: Record<string, readonly Check[]> = {
  'raw-client': rawClient,
  'two-kinds-of-failure': twoKindsOfFailure,
  'stdout-is-the-wire': stdoutIsTheWire,
  tap: tap,
  negotiate: negotiate,
  'trust-but-verify': trustButVerify,
  'watch-an-order': watchAnOrder,
  'cancel-in-flight': cancelInFlight,
  'quiet-dependencies': quietDependencies,
  'fetch-client': fetchClient,
  'resource-server': resourceServer,
  'port-to-2026': portTo2026,
  'answer-the-server': answerTheServer,
};
