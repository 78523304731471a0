// nginx's configuration for several nodes (deploy/nginx), in front of two plain HTTP servers standing in
// for nodes: Twilio's requests for a call reach the node named in their path, as sent (their signature
// covers the URL), WebSocket upgrades included, and its backup when that node is down. Skipped without nginx.
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { renderNginx } from '../scripts/cluster/cluster.mjs';
import { freePort } from '../scripts/free-port.mjs';

const hasNginx = (() => {
  try {
    execFileSync('nginx', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

/** A stand-in node: answers every request and upgrade with its name and the path it was sent. */
async function standInNode(name) {
  const server = createServer((request, response) => {
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify({ node: name, path: request.url }));
  });
  server.on('upgrade', (request, socket) => {
    socket.end(`HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nX-Node: ${name}\r\nX-Path: ${request.url}\r\n\r\n`);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, address: `127.0.0.1:${server.address().port}` };
}

/** The first lines of the answer to a WebSocket upgrade sent through nginx. */
function upgrade(port, path) {
  return new Promise((resolve, reject) => {
    const socket = createConnection({ host: '127.0.0.1', port }, () => {
      socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n`);
    });
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk;
      if (answer.includes('\r\n\r\n')) {
        socket.destroy();
        resolve(answer);
      }
    });
    socket.on('error', reject);
  });
}

test("nginx sends Twilio's requests for a call to the node named in their path", { skip: !hasNginx && 'needs nginx' }, async (t) => {
  const nodes = [await standInNode('node-1'), await standInNode('node-2')];
  const dir = mkdtempSync(join(tmpdir(), 'ringcheck-nginx-'));
  mkdirSync(join(dir, 'tmp'));
  const port = await freePort();
  const config = join(dir, 'nginx.conf');
  writeFileSync(config, renderNginx({ prefix: dir, listen: `127.0.0.1:${port}`, addresses: nodes.map((node) => node.address) }));
  const nginx = spawn('nginx', ['-p', dir, '-c', config, '-g', 'daemon off;'], { stdio: 'ignore' });
  t.after(() => {
    nginx.kill('SIGQUIT');
    for (const node of nodes) node.server.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const get = async (path, init) => {
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await (await fetch(`http://127.0.0.1:${port}${path}`, init)).json();
      } catch (error) {
        if (attempt > 40) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  };

  const second = encodeURIComponent(nodes[1].address);
  const status = `/api/twilio/node/${second}/calls/call_1/status?x=1`;
  for (let index = 0; index < 6; index += 1) {
    assert.deepEqual(await get(status, { method: 'POST', body: 'CallStatus=ringing', headers: { 'content-type': 'application/x-www-form-urlencoded' } }), { node: 'node-2', path: status });
  }
  const stream = await upgrade(port, `/api/twilio/node/${second}/media-stream`);
  assert.match(stream, /^HTTP\/1\.1 101/);
  assert.match(stream, /X-Node: node-2/);
  assert.match(stream, new RegExp(`X-Path: /api/twilio/node/${second.replace(/[.%]/g, '\\$&')}/media-stream`));

  // Other requests are spread over the nodes.
  const spread = new Set();
  for (let index = 0; index < 6; index += 1) spread.add((await get('/api/health')).node);
  assert.deepEqual([...spread].sort(), ['node-1', 'node-2']);

  // With the named node down, its backup answers.
  await new Promise((resolve) => nodes[1].server.close(resolve));
  nodes[1].server.closeAllConnections?.();
  assert.equal((await get(status, { method: 'POST', body: '' })).node, 'node-1');
});
