import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileMadeOnce } from './file-made-once';

describe('fileMadeOnce', () => {
  it('makes the file once, private, and leaves no draft behind', () => {
    const dir = mkdtempSync(join(tmpdir(), 'made-once-'));
    const path = join(dir, 'sub', 'key');
    let made = 0;
    const make = () => `text ${(made += 1)}`;
    expect(fileMadeOnce(path, make)).toBe('text 1');
    expect(fileMadeOnce(path, make)).toBe('text 1');
    expect(made).toBe(1);
    expect(statSync(path).mode & 0o077).toBe(0);
    expect(readdirSync(join(dir, 'sub'))).toEqual(['key']);
  });

  it("keeps the text of a process that linked its file first, even one that appeared while this one wrote", () => {
    const dir = mkdtempSync(join(tmpdir(), 'made-once-'));
    const path = join(dir, 'key');
    // Another process links its key between this one's first look and its own link.
    const text = fileMadeOnce(path, () => {
      writeFileSync(path, 'the other one', { flag: 'wx' });
      return 'this one';
    });
    expect(text).toBe('the other one');
    expect(readFileSync(path, 'utf8')).toBe('the other one');
    expect(readdirSync(dir)).toEqual(['key']);
  });

  it('makes the file once by an exclusive copy where the file system has no hard links', () => {
    const dir = mkdtempSync(join(tmpdir(), 'made-once-'));
    const path = join(dir, 'key');
    const noLinks = () => {
      throw Object.assign(new Error('operation not permitted'), { code: 'EPERM' });
    };
    expect(fileMadeOnce(path, () => 'first', noLinks)).toBe('first');
    expect(statSync(path).mode & 0o077).toBe(0);
    // Another process made the file between this one's first look and its copy: the copy is refused.
    const late = join(dir, 'late');
    const text = fileMadeOnce(
      late,
      () => {
        writeFileSync(late, 'the other one', { flag: 'wx' });
        return 'late';
      },
      noLinks,
    );
    expect(text).toBe('the other one');
    expect(readdirSync(dir).sort()).toEqual(['key', 'late']);
  });

  it('gives processes started together on one folder the same text', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'made-once-'));
    const path = join(dir, 'key');
    const script = `const { fileMadeOnce } = require(${JSON.stringify(require.resolve('./file-made-once'))});
      const until = Number(process.argv[1]); while (Date.now() < until);
      process.stdout.write(fileMadeOnce(process.argv[2], () => require('node:crypto').randomUUID()));`;
    const start = Date.now() + 1500;
    const texts = await Promise.all(
      Array.from({ length: 6 }, () =>
        new Promise<string>((resolve, reject) => {
          const child = spawn(process.execPath, ['-r', 'ts-node/register/transpile-only', '-e', script, String(start), path], { stdio: ['ignore', 'pipe', 'inherit'] });
          let out = '';
          child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
          child.on('error', reject);
          child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`exit ${code}`))));
        }),
      ),
    );
    expect(new Set(texts).size).toBe(1);
    expect(texts[0]).toBe(readFileSync(path, 'utf8'));
  });
});
