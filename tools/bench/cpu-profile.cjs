// Preloaded with `--require` (NODE_OPTIONS may not hold --cpu-prof): profiles the process's
// main thread from start to SIGTERM or exit and writes a .cpuprofile (Chrome DevTools, or
// speedscope) to CPU_PROFILE_DIR. Used by bench:search --cpu-prof.
const { mkdirSync, writeFileSync } = require('node:fs');
const inspector = require('node:inspector');
const path = require('node:path');

const dir = process.env.CPU_PROFILE_DIR;
if (dir) {
  const session = new inspector.Session();
  session.connect();
  session.post('Profiler.enable');
  session.post('Profiler.start');
  let written = false;
  const write = () => {
    if (written) return;
    written = true;
    // A same-thread session answers synchronously: the profile is written before the exit.
    session.post('Profiler.stop', (error, result) => {
      if (error) return;
      mkdirSync(dir, { recursive: true });
      writeFileSync(path.join(dir, `${process.pid}.cpuprofile`), JSON.stringify(result.profile));
    });
  };
  const onTerm = () => {
    write();
    // The application's own handler shuts down and re-raises the signal, which then ends it.
    process.removeListener('SIGTERM', onTerm);
  };
  process.on('SIGTERM', onTerm);
  process.on('exit', write);
}
