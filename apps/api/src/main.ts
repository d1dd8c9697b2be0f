// The server's entry (`npm start`, the systemd unit): tracing first, when it is configured, so
// its instrumentations are in place before the modules they patch (http, pg, redis) load; then
// the server. server.ts is imported only now for that reason.
import { loadConfig } from './config.ts';
import { startTracing } from './lib/telemetry.ts';

let config;
try {
  config = loadConfig();
} catch (err) {
  // server.ts reads the configuration again and says the same; this only stops earlier.
  console.error((err as Error).message);
  process.exit(1);
}
await startTracing({
  otlpEndpoint: config.otlpEndpoint,
  serviceName: config.otelServiceName,
  version: config.version,
});
await import('./server.ts');
