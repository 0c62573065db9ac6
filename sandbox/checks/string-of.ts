// A field checks read from a frame is only worth quoting when it is the string the protocol
// says it is; anything else (a number, an object, nothing) reads as absent, and the check that
// owns that field says why.

/** The value when it is a string, else undefined. */
export function stringOf(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}
