// --port, the one flag Paper Trail v1 and v2 spell and check alike.
import { wholeNumber } from '../input/cli-args.ts';

export const portFlag = wholeNumber('--port', {
  max: 65535,
  tooLarge: '--port must be between 0 and 65535',
}).optional();
