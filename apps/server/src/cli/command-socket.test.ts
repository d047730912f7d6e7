import { mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { commandSocketPath, sendCommand, serveCommands } from './command-socket.ts';
import type { CommandRequest } from './operator-commands.ts';

let dataDir = '';
const log = { error() {} } as unknown as FastifyBaseLogger;

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'jewel-socket-'));
});
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

it('answers each request with what the command answered, owner-only, replacing a dead server’s socket', async () => {
  // A dead server's socket file, and its directory opened to everyone.
  await mkdir(path.join(dataDir, 'run'), { mode: 0o777 });
  await writeFile(commandSocketPath(dataDir), '');
  const received: CommandRequest[] = [];
  const stop = await serveCommands(
    dataDir,
    async (request) => {
      received.push(request);
      if (request.command === 'fail') throw new Error('database gone');
      return { status: 0, output: `ran ${request.command}` };
    },
    log,
  );
  try {
    expect((await stat(path.join(dataDir, 'run'))).mode & 0o777).toBe(0o700);
    expect((await stat(commandSocketPath(dataDir))).mode & 0o777).toBe(0o600);

    const request = { command: 'disable-user', options: { mobile: '13800000004', args: ['/tmp/a'] } };
    expect(await sendCommand(dataDir, request)).toEqual({ status: 0, output: 'ran disable-user' });
    expect(received).toEqual([request]);
    expect(await sendCommand(dataDir, { command: 'fail', options: {} })).toMatchObject({
      status: 1,
      output: expect.stringContaining('database gone'),
    });

    // Something that is not a request is refused without running anything.
    const socket = net.connect(commandSocketPath(dataDir));
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk.toString();
    });
    socket.end('{"command": 1}\n');
    await new Promise((resolve) => socket.once('close', resolve));
    expect(JSON.parse(answer)).toMatchObject({ status: 2 });
    expect(received).toHaveLength(2);
  } finally {
    await stop();
  }
  await expect(sendCommand(dataDir, { command: 'seed', options: {} })).rejects.toMatchObject({
    code: expect.stringMatching(/ENOENT|ECONNREFUSED/),
  });
});

it('refuses a data directory too deep for a Unix socket instead of listening elsewhere', () => {
  expect(() => commandSocketPath(path.join(os.tmpdir(), 'x'.repeat(120)))).toThrow(/shorter path/);
});
