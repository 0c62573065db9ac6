// How both Paper Trail builds end an HTTP server: on SIGINT or SIGTERM, close it, then exit
// 0 (or 1 if closing failed).
export function closeOnSignal(running: { close(): Promise<void> }): void {
  const stop = () => {
    running.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
