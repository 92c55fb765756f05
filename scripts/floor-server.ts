// node --import tsx scripts/floor-server.ts <socket path> <response bytes>
// The child of the socket-floor baseline (src/bench/socket-floor.ts); not meant to be run by hand.
import { MIN_RESPONSE_BYTES, serveFloor } from '../src/bench/floor-server.js';

const [socketPath, bytesArg] = process.argv.slice(2);
const responseBytes = Number(bytesArg);
if (socketPath === undefined || !Number.isInteger(responseBytes) || responseBytes < MIN_RESPONSE_BYTES) {
  process.stderr.write(`usage: floor-server.ts <socket path> <response bytes ≥ ${MIN_RESPONSE_BYTES}>\n`);
  process.exitCode = 2;
} else {
  serveFloor(socketPath, responseBytes);
}
