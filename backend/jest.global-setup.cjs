// Some specs run the compiled server or writer as separate processes: build them once, before any spec.
const { spawnSync } = require('node:child_process');
const path = require('node:path');

module.exports = async () => {
  const build = spawnSync('npm', ['run', 'build', '-w', 'projections', '-w', 'backend', '--silent'], { cwd: path.join(__dirname, '..'), encoding: 'utf8' });
  if (build.status !== 0) {
    const output = [build.error?.message, build.stdout, build.stderr].filter(Boolean).join('\n').trim();
    throw new Error(`Building projections and backend for the specs failed (exit ${build.status ?? build.signal}):\n${output}`);
  }
};
