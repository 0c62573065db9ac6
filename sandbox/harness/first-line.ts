// How a harness reads its run's nonce when it comes on stdin, out of sight of its command line.

/** The first line of a stream (empty when it ends first); the stream is let go after it. */
export async function firstLine(stream: NodeJS.ReadStream): Promise<string> {
  let text = '';
  for await (const chunk of stream) {
    text += String(chunk);
    if (text.includes('\n')) break;
  }
  stream.destroy();
  return text.split('\n')[0]!.trim();
}
