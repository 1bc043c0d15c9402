/**
 * The promise's value, or `late()` once `ms` have passed first. The timer is cleared either way, so a
 * settled wait leaves nothing behind to keep the process up.
 */
export async function within<T, L>(promise: Promise<T>, ms: number, late: () => L): Promise<T | L> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<L>((resolve) => (timer = setTimeout(() => resolve(late()), ms)));
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
