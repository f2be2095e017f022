// Preloaded into the cluster's service processes by fan-chat.bench.ts --cpu-prof <dir>
// (NODE_OPTIONS=--require <this file>; Node 20 refuses --cpu-prof in NODE_OPTIONS). The first
// SIGWINCH (ignored by default, and not one of the signals Nest's shutdown hooks listen to) starts V8's sampling profiler (1 ms), the second stops it and writes
// <dir>/<service>-<pid>-<n>.cpuprofile (n counts the windows), so only the measured window is profiled.
const fs = require('node:fs');
const inspector = require('node:inspector');
const path = require('node:path');

const dir = process.env.BENCH_CPU_PROFILE_DIR;
const service = (process.argv[1] || '').match(/services\/([^/]+)\/dist\/main\.js$/)?.[1];
if (dir && service) {
  const session = new inspector.Session();
  session.connect();
  let running = false;
  let written = 0;
  process.on('SIGWINCH', () => {
    if (!running) {
      running = true;
      session.post('Profiler.enable', () =>
        session.post('Profiler.setSamplingInterval', { interval: 1000 }, () =>
          session.post('Profiler.start'),
        ),
      );
      return;
    }
    running = false;
    session.post('Profiler.stop', (error, result) => {
      if (error) return process.stderr.write(`cpu profile of ${service}: ${error.message}\n`);
      fs.writeFileSync(
        path.join(dir, `${service}-${process.pid}-${++written}.cpuprofile`),
        JSON.stringify(result.profile),
      );
    });
  });
}
