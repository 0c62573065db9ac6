// The options a Paper Trail server is created with. Each feature (features/) adds the options
// it hands the server to this interface where it is written, so the option, its flag and its
// doc comment stay in one file; what is here belongs to no flag.
import type { CarrierAccount } from './carrier.ts';

export interface PaperTrailOptions {
  /** What the server's environment said about the carrier key (carrier.ts); none: not set. */
  carrier?: CarrierAccount;
  /** Where diagnostics go (the carrier warning, the asks' notes); main.ts passes stderr. */
  log?: (line: string) => void;
  /** With live: pause between two status changes of a watched order (tests shorten it). */
  statusStepMs?: number;
}
