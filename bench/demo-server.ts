import type { ChildProcess } from 'node:child_process';
import type { SessionTokens } from '../apps/web/e2e/session.ts';

/** Waits until the demo server started by a browser benchmark answers `/api/ready` at `base`. */
export async function waitUntilUp(base: string, server: ChildProcess) {
  for (let i = 0; i < 240; i++) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${base}/api/ready`)).ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the server did not come up');
}

/** Signs a demo user in at `base`: the recorder unless told (apps/server/src/seed/users-data.ts). */
export async function signIn(base: string, mobile = '13800000001'): Promise<SessionTokens> {
  const response = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ mobile, password: 'demo123456' }),
  });
  const body = (await response.json()) as { code: number; msg: string; data: SessionTokens };
  if (body.code !== 0) throw new Error(`sign-in failed: ${response.status} ${body.msg}`);
  return body.data;
}
