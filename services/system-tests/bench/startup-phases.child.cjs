// One standalone start, in this process, for startup-phases.bench.ts: prints (as one JSON
// line) how long Node's boot and loading the code took, each step the launcher reports
// (`onPhase`), the first 200 on /api/health after ready, and the start-up work that runs
// after ready. BACKTALK_DATA_DIR and PORT come from the parent. Plain CommonJS, so no
// compiler is loaded into the process being measured.
const path = require('node:path');

const repoRoot = path.resolve(__dirname, '../../..');
const cpuMs = (used) => (used.user + used.system) / 1000;

async function main() {
  // The built launcher, as `node services/standalone/dist/main.js` runs it.
  const { startStandalone } = require(path.join(repoRoot, 'services/standalone/dist/standalone.js'));
  // performance.now() counts from process start, so Node's own boot is in it.
  const phases = [
    { name: 'Node boot + loading the code', wallMs: performance.now(), cpuMs: cpuMs(process.cpuUsage()) },
  ];
  let startupWorkDone;
  const startupWork = new Promise((resolve) => (startupWorkDone = resolve));
  const backtalk = await startStandalone({
    env: process.env,
    log: () => undefined,
    onPhase: (phase) => {
      phases.push(phase);
      if (phase.name.startsWith('start-up work')) startupWorkDone();
    },
  });
  const ready = performance.now();
  const cpuAtReady = process.cpuUsage();
  const response = await fetch(`${backtalk.url}/api/health`);
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`/api/health answered ${response.status}`);
  phases.push({
    name: 'ready → first 200 on /api/health',
    wallMs: performance.now() - ready,
    cpuMs: cpuMs(process.cpuUsage(cpuAtReady)),
  });
  await startupWork;
  await backtalk.stop();
  process.stdout.write(`${JSON.stringify({ phases, readyMs: ready, readyCpuMs: cpuMs(cpuAtReady) })}\n`);
}

main().then(
  () => process.exit(0),
  (error) => {
    process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(1);
  },
);
