// At most `size` tasks at once: the hostile matrix runs real processes on a 2-core CI box,
// where more at once would only turn time limits into noise.
export function pool(size: number): <T>(task: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async (task) => {
    // A freed slot is handed straight to the next waiter, so no newcomer slips in between.
    if (running >= size) await new Promise<void>((go) => waiting.push(go));
    else running++;
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}
