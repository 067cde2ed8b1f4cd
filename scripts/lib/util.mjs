// Small helpers shared by the launcher (start.mjs), the test runner (test.mjs) and the e2e suite.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Error whose message is meant to be printed as one line, without a stack trace. */
export class StackError extends Error {
  constructor(message, detail) {
    super(message);
    this.name = 'StackError';
    this.detail = detail;
  }
}

export function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** A TCP port that is free on the loopback interface right now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * Opens a TCP connection, optionally writes `send`, and resolves with what the peer sends first
 * (or '' when nothing is expected). Rejects on refusal or timeout.
 */
export function probeTcp(host, port, { send, expectData = false, timeoutMs = 1500 } = {}) {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host, port });
    let data = '';
    const done = (err, value) => {
      clearTimeout(timer);
      socket.destroy();
      if (err) reject(err);
      else resolve(value);
    };
    const timer = setTimeout(() => done(new Error(`timeout connecting to ${host}:${port}`)), timeoutMs);
    socket.on('error', (err) => done(err));
    socket.on('connect', () => {
      if (send) socket.write(send);
      if (!expectData) done(null, '');
    });
    socket.on('data', (chunk) => {
      data += chunk.toString('utf8');
      if (data.includes('\n')) done(null, data);
    });
  });
}

/** Runs a command to completion; rejects with its exit code and the tail of its output. */
export function run(cmd, args, { cwd = ROOT, env = process.env, quiet = false, label } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd, env, stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    let output = '';
    if (quiet) {
      const keep = (chunk) => {
        output = (output + chunk.toString('utf8')).slice(-200000);
      };
      child.stdout.on('data', keep);
      child.stderr.on('data', keep);
    }
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (code === 0) return resolve(output);
      const err = new StackError(
        `${label ?? [cmd, ...args].join(' ')} failed (${signal ?? `exit code ${code}`})`,
        quiet ? tail(output, 40) : undefined,
      );
      err.output = output;
      reject(err);
    });
  });
}

export function tail(text, lines = 30) {
  return text.split('\n').slice(-lines).join('\n');
}

export function readTail(file, lines = 30) {
  try {
    return tail(fs.readFileSync(file, 'utf8').trimEnd(), lines);
  } catch {
    return '';
  }
}

/** Whether an executable with this name is on PATH (or at an absolute path). */
export function hasBinary(name) {
  const candidates = name.includes('/')
    ? [name]
    : (process.env.PATH ?? '')
        .split(path.delimiter)
        .concat(['/usr/sbin', '/usr/local/sbin', '/sbin'])
        .map((dir) => path.join(dir, name));
  return candidates.find((file) => {
    try {
      fs.accessSync(file, fs.constants.X_OK);
      return fs.statSync(file).isFile();
    } catch {
      return false;
    }
  });
}

/** Newest modification time (ms) of any file below the given paths, skipping build output. */
export function newestMtime(paths, skip = ['node_modules', 'dist', '.data', 'coverage']) {
  let newest = 0;
  const visit = (p) => {
    let stat;
    try {
      stat = fs.statSync(p);
    } catch {
      return;
    }
    if (stat.isDirectory()) {
      if (skip.includes(path.basename(p))) return;
      for (const entry of fs.readdirSync(p)) visit(path.join(p, entry));
    } else if (stat.mtimeMs > newest) {
      newest = stat.mtimeMs;
    }
  };
  paths.forEach(visit);
  return newest;
}

export function log(message) {
  process.stdout.write(`[tiredash] ${message}\n`);
}
