/**
 * Preloaded into a bench's server process (`node --expose-gc --require heap-probe.js`): on SIGUSR2
 * it collects garbage twice and prints one line `heap-probe {rss, heapUsed, external, arrayBuffers}`,
 * so that memory per connection is measured without the garbage that happens to lie around.
 * Nothing of the server knows about it.
 */
process.on('SIGUSR2', () => {
  const collect = (globalThis as { gc?: () => void }).gc;
  collect?.();
  collect?.();
  const { rss, heapUsed, external, arrayBuffers } = process.memoryUsage();
  process.stdout.write(`heap-probe ${JSON.stringify({ rss, heapUsed, external, arrayBuffers })}\n`);
});
