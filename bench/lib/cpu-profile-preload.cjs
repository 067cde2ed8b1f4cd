// Preloaded into the services by `BENCH_CPU_PROF=<dir>` (NODE_OPTIONS=--require ...; --cpu-prof is not allowed
// in NODE_OPTIONS). Samples the CPU from start-up; each SIGWINCH (Nest's shutdown hooks own SIGUSR2) writes what was sampled since the last one to
// <dir>/<service>-<pid>-<n>.cpuprofile and starts afresh. Summaries: node bench/lib/profile-summary.mjs <files>.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const inspector = require('node:inspector');

const dir = process.env.BENCH_CPU_PROF_DIR;
const match = process.argv[1] && process.argv[1].match(/services\/([\w-]+)\/dist\/main\.js$/);
if (dir && match) {
  const name = match[1];
  const session = new inspector.Session();
  session.connect();
  let n = 0;
  const start = () => {
    session.post('Profiler.enable', () => session.post('Profiler.start'));
  };
  session.post('Profiler.setSamplingInterval', { interval: 500 }, start);
  process.on('SIGWINCH', () => {
    session.post('Profiler.stop', (err, res) => {
      if (!err && res && res.profile) {
        fs.mkdirSync(dir, { recursive: true });
        fs.writeFileSync(
          path.join(dir, `${name}-${process.pid}-${n++}.cpuprofile`),
          JSON.stringify(res.profile),
        );
      }
      start();
    });
  });
}
