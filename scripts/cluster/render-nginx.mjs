// Prints nginx's configuration for nodes elsewhere: render-nginx.mjs --listen 0.0.0.0:80 --prefix /tmp/nginx app-1:3000 app-2:3000
import { renderNginx } from './cluster.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? args.splice(at, 2)[1] : fallback;
};
const listen = option('listen', '0.0.0.0:80');
const prefix = option('prefix', '/tmp/nginx');
if (args.length === 0) {
  console.error('usage: render-nginx.mjs [--listen host:port] [--prefix dir] node-host:port...');
  process.exit(2);
}
process.stdout.write(renderNginx({ prefix, listen, addresses: args }));
