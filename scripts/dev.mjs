// The dev loop in one command: the API server (node --watch, port 3000) and Vite (port 5173, which
// proxies /api to it). Ctrl-C stops both; when either stops, the other is stopped too.
import { spawn } from 'node:child_process';

// Each in a process group of its own, so that stopping it reaches npm's children (node, vite) too.
const children = ['apps/server', 'apps/web'].map((workspace) =>
  spawn('npm', ['run', 'dev', '-w', workspace], { stdio: 'inherit', detached: true }),
);

const stopAll = (code) => {
  process.exitCode ||= code ?? 0;
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid, 'SIGTERM');
  }
};

for (const child of children) child.on('exit', stopAll);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stopAll(0));
