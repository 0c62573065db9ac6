// Paper Trail is this list. The order is the order features register on the server in, which
// is the order tools/list, resources/list and the capabilities show on the wire (captures
// depend on it), and the order --help prints them in. (--unchecked-output wraps connect(), so
// where it stands does not matter.)
import type { PaperTrailFeature } from '../feature.ts';
import http from './http.ts';
import resumable from './resumable.ts';
import noGetStream from './no-get-stream.ts';
import maxBody from './max-body.ts';
import auth from './auth.ts';
import seed from './seed.ts';
import versions from './versions.ts';
import futureVersion from './future-version.ts';
import logging from './logging.ts';
import orderStatus from './order-status.ts';
import buggyOutput from './buggy-output.ts';
import uncheckedOutput from './unchecked-output.ts';
import chatty from './chatty.ts';
import trackShipment from './track-shipment.ts';
import scanMs from './scan-ms.ts';
import pace from './pace.ts';
import secondScanMs from './second-scan-ms.ts';
import awaitPrinted from './await-printed.ts';
import maintenance from './maintenance.ts';
import asks from './asks.ts';
import shippingLabel from './shipping-label.ts';
import live from './live.ts';
import awaitReads from './await-reads.ts';
import orderResources from './order-resources.ts';
import carrierResource from './carrier-resource.ts';
import draftReplyPrompt from './draft-reply-prompt.ts';

export const FEATURES: readonly PaperTrailFeature[] = [
  http,
  resumable,
  noGetStream,
  maxBody,
  auth,
  seed,
  versions,
  futureVersion,
  logging,
  orderStatus,
  buggyOutput,
  uncheckedOutput,
  chatty,
  trackShipment,
  scanMs,
  pace,
  secondScanMs,
  awaitPrinted,
  maintenance,
  asks,
  shippingLabel,
  live,
  awaitReads,
  orderResources,
  carrierResource,
  draftReplyPrompt,
];
