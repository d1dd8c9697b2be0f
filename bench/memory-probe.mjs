// Loaded with `--import` (and --expose-gc) by bench/start-memory.mjs only, never in production:
// on SIGUSR2 the process collects its garbage fully and prints process.memoryUsage() to stderr,
// so the bench reads the live heap from inside the server without any route for it.
process.on('SIGUSR2', () => {
  globalThis.gc?.();
  globalThis.gc?.();
  process.stderr.write(`memory-probe ${JSON.stringify(process.memoryUsage())}\n`);
});
