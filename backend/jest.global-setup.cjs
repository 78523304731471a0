// Some specs run the compiled server or writer as separate processes: build them once, before any spec.
const { execSync } = require('node:child_process');
const path = require('node:path');

module.exports = async () => {
  execSync('npm run build -w projections -w backend --silent', { cwd: path.join(__dirname, '..'), stdio: 'ignore' });
};
