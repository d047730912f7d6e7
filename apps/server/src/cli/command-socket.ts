import { chmod, mkdir, rm } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { CommandAnswer, CommandRequest } from './operator-commands.ts';

/**
 * Operator commands reach a running server on the embedded database through a Unix socket in
 * DATA_DIR: in a directory only the owner may enter, itself owner-only. One request a
 * connection, as one JSON line each way: `{ command, options }`, then `{ status, output }`.
 */

/** A Unix socket path holds 107 bytes on Linux, 103 on macOS. */
const MAX_SOCKET_PATH_BYTES = 103;

export function commandSocketPath(dataDir: string) {
  const file = path.join(dataDir, 'run', 'commands.sock');
  // Node cuts a longer Unix socket path short without a word, and would listen somewhere else.
  if (Buffer.byteLength(file) > MAX_SOCKET_PATH_BYTES) {
    throw new Error(
      `the command socket's path ${file} is longer than ${MAX_SOCKET_PATH_BYTES} bytes, which Unix sockets cannot have: give DATA_DIR a shorter path`,
    );
  }
  return file;
}

/** A request's size is a few hundred bytes: anything far larger is not one. */
const MAX_REQUEST_BYTES = 64 * 1024;

function parseRequest(line: string): CommandRequest | null {
  try {
    const value = JSON.parse(line) as CommandRequest;
    if (typeof value?.command !== 'string' || typeof value.options !== 'object' || value.options === null) return null;
    const { args = [], ...named } = value.options;
    if (!Array.isArray(args) || !args.every((arg) => typeof arg === 'string')) return null;
    if (!Object.values(named).every((option) => typeof option === 'string')) return null;
    return { command: value.command, options: { ...named, args } };
  } catch {
    return null;
  }
}

/**
 * Listens for operator commands and runs each with `run`. Call it holding the data directory's
 * lock: a socket file left there is then a dead server's and is replaced. Answers a function
 * that stops listening and waits for the commands running.
 */
export async function serveCommands(
  dataDir: string,
  run: (request: CommandRequest) => Promise<CommandAnswer>,
  log: FastifyBaseLogger,
): Promise<() => Promise<void>> {
  const file = commandSocketPath(dataDir);
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  await chmod(path.dirname(file), 0o700);
  await rm(file, { force: true });
  /** Connections that have not sent their request yet: closing does not wait for them. */
  const waiting = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    waiting.add(socket);
    socket.on('close', () => waiting.delete(socket));
    let received = '';
    socket.setEncoding('utf8');
    socket.on('error', () => {});
    socket.on('data', (chunk: string) => {
      received += chunk;
      if (received.length > MAX_REQUEST_BYTES) return socket.destroy();
      const end = received.indexOf('\n');
      if (end < 0) return;
      socket.removeAllListeners('data');
      waiting.delete(socket);
      const request = parseRequest(received.slice(0, end));
      const answered = request
        ? run(request).catch((error: Error): CommandAnswer => {
            log.error({ err: error, command: request.command }, 'operator command failed');
            return { status: 1, output: `the command failed: ${error.message} (see the server's log)` };
          })
        : Promise.resolve<CommandAnswer>({ status: 2, output: 'not an operator command request' });
      void answered.then((answer) => socket.end(`${JSON.stringify(answer)}\n`));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(file, () => {
      server.off('error', reject);
      resolve();
    });
  });
  await chmod(file, 0o600);
  return () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      for (const socket of waiting) socket.destroy();
    });
}

/** The socket does not exist or nobody listens on it (yet). */
export function isNotListening(error: unknown) {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ECONNREFUSED';
}

/** Sends one command to the server listening in `dataDir` and answers what it answered. */
export function sendCommand(dataDir: string, request: CommandRequest): Promise<CommandAnswer> {
  const file = commandSocketPath(dataDir);
  return new Promise((resolve, reject) => {
    const socket = net.connect(file);
    let received = '';
    let connected = false;
    socket.setEncoding('utf8');
    socket.on('connect', () => {
      connected = true;
      socket.write(`${JSON.stringify(request)}\n`);
    });
    socket.on('data', (chunk: string) => {
      received += chunk;
    });
    socket.on('error', (error) => {
      // Once connected, the close below says what happened.
      if (!connected) reject(error);
    });
    socket.on('close', () => {
      if (!connected) return;
      try {
        resolve(JSON.parse(received) as CommandAnswer);
      } catch {
        reject(
          new Error(
            'the server closed the connection before answering: the command may or may not have taken effect (see its log)',
          ),
        );
      }
    });
  });
}
