#!/usr/bin/env node
// The bare Socket.IO baseline (baselines.mjs) for benches written in other languages of the repo (the TypeScript
// location-stream bench): `node bench/lib/socket-baseline-cli.mjs RATE SECONDS` prints one JSON line.
import { socketIoBaseline } from './baselines.mjs';

const [rate, seconds] = process.argv.slice(2).map(Number);
if (!(rate > 0) || !(seconds > 0)) {
  process.stderr.write('usage: socket-baseline-cli.mjs RATE SECONDS\n');
  process.exit(2);
}
const result = await socketIoBaseline({ rate, seconds });
process.stdout.write(`${JSON.stringify(result)}\n`);
process.exit(0);
