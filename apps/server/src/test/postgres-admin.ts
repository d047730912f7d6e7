import pg from 'pg';

/** Where the tests look for PostgreSQL: TEST_DATABASE_URL, or the local server as postgres or root. */
const candidates = process.env.TEST_DATABASE_URL
  ? [process.env.TEST_DATABASE_URL]
  : ['postgres://postgres@127.0.0.1:5432/test', 'postgres://root@127.0.0.1:5432/test'];

export async function findPostgres(): Promise<{ url: string } | { reason: string }> {
  const reasons: string[] = [];
  for (const url of candidates) {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
    try {
      await client.connect();
      await client.query('select 1');
      return { url };
    } catch (error) {
      reasons.push(`${url.replace(/\/\/[^@]*@/, '//…@')}: ${(error as Error).message}`);
    } finally {
      await client.end().catch(() => {});
    }
  }
  return { reason: reasons.join('; ') };
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** One connection to `url` for `use`, closed afterwards whatever happened. */
export async function withClient<T>(url: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

export async function adminQuery<Row = unknown>(url: string, sql: string): Promise<Row[]> {
  return withClient(url, async (client) => (await client.query(sql)).rows as Row[]);
}
