/**
 * Seeds a shop's worth of history on top of the demo data, in a few INSERT … SELECT statements
 * (seconds, not minutes): more recorders and valuers, ~2 commodities per enrollment over the last
 * year, each with the flows and audit rows its status implies. Most of the history is closed
 * (recycled or returned); the newest few thousand are spread over every open status.
 */

/**
 * What the seed needs of a connection: `pg`'s Client and the embedded PGlite both answer this way,
 * so the same statements seed PostgreSQL and the embedded default's data directory.
 */
export interface Queryable {
  query<R>(text: string, values?: unknown[]): Promise<{ rows: R[] }>;
}

export interface SeedSummary {
  commodities: number;
  flows: number;
  events: number;
  seconds: number;
}

const EXTRA_RECORDERS = 9;
const EXTRA_VALUERS = 7;
/** The newest commodities are the open ones; everything older is closed. */
const OPEN_SHARE = 0.04;

export async function seedCommodities(client: Queryable, count: number): Promise<SeedSummary> {
  const started = performance.now();
  await client.query('begin');
  const { rows: demo } = await client.query<{ id: number; roles: string[]; password_hash: string }>(
    `select id, roles, password_hash from users where mobile like '1380000000%' order by id`,
  );
  const demoRecorder = demo.find((user) => user.roles.includes('recorder'));
  if (!demoRecorder) throw new Error('the demo users are missing: run the seed first');

  // More staff, signing in with the demo password (the same hash).
  await client.query(
    `insert into users (mobile, name, password_hash, roles)
     select '1390000' || lpad(g::text, 4, '0'), 'Staff ' || g, $1,
            case when g <= $2::int then array['recorder'] else array['valuers'] end
     from generate_series(1, $2::int + $3::int) g`,
    [demoRecorder.password_hash, EXTRA_RECORDERS, EXTRA_VALUERS],
  );
  // Everyone works at the first branch (issue 32).
  await client.query(
    `insert into staff_branches (user_id, branch_id) select id, 1 from users where not is_tmp on conflict do nothing`,
  );
  const ids = async (role: string) =>
    (
      await client.query<{ id: number }>(
        `select id from users where $1 = any(roles) and not is_tmp and mobile is not null order by id`,
        [role],
      )
    ).rows.map((row) => row.id);
  const recorders = await ids('recorder');
  const valuers = await ids('valuers');
  const others = recorders.filter((id) => id !== demoRecorder.id);

  const enrollments = Math.ceil(count / 2);
  // A third of the enrollments are the demo recorder's, the rest spread over the others;
  // registration times climb evenly over the last 365 days.
  const { rows: enrolled } = await client.query<{ first: number }>(
    `with inserted as (
       insert into enrollments (branch_id, recorder_id, idempotency_key, body_hash, customer_name, customer_phone,
                                customer_address, created_at)
       select 1, case when g % 3 = 0 then $2::int else ($3::int[])[1 + (g / 3) % cardinality($3::int[])] end,
              gen_random_uuid(), 'bench', 'Customer ' || g, '139' || lpad((g::bigint * 7919 % 100000000)::text, 8, '0'),
              'Street ' || (g % 500), now() - make_interval(secs => (($1::int - g) * 365.0 * 86400 / $1::int))
       from generate_series(1, $1::int) g
       returning id)
     select min(id) as first from inserted`,
    [enrollments, demoRecorder.id, others],
  );
  const firstEnrollment = Number(enrolled[0]?.first);

  const brandIds = (await client.query<{ id: number }>('select id from brands order by id')).rows.map((r) => r.id);
  const categoryIds = (await client.query<{ id: number }>('select id from categories order by id')).rows.map(
    (r) => r.id,
  );
  const workflowIds = (await client.query<{ id: number }>(`select id from workflows order by code desc`)).rows.map(
    (r) => r.id,
  );
  const openFrom = Math.floor(count * (1 - OPEN_SHARE));
  // Open statuses for the newest, closed for the rest (55 % recycled, 35 % returned, 10 % identified).
  await client.query(
    `insert into commodities (branch_id, no, enrollment_id, recorder_id, status, round, valuer_id, workflow_id, brand_id,
                              category_id, product_name, product_status, product_pics, size_pics, priority,
                              identified_at, is_recycle, recycle_price, recycle_currency, recycled_at,
                              created_at, updated_at)
     select e.branch_id, 'C' || to_char(e.created_at, 'YYYYMMDD') || '-' || lpad(g::text, 6, '0'), e.id, e.recorder_id,
            s.status, 1,
            case when s.status = 10 then null else ($4::int[])[1 + abs(hashint4(g::int * 31)) % cardinality($4::int[])] end,
            case when s.status = 10 then null else ($7::int[])[1] end,
            ($5::int[])[1 + g % cardinality($5::int[])], ($6::int[])[1 + (g / 7) % cardinality($6::int[])],
            'Bench item ' || g, 1 + g % 3, '["/api/files/bench-photo.jpg"]'::jsonb, '["/api/files/bench-size.jpg"]'::jsonb,
            case when g % 10 = 0 then 2 else 1 end,
            case when s.status >= 70 then e.created_at + interval '2 hours' end,
            case s.status when 80 then 1 when 90 then 0 end,
            case when s.status = 80 then 1000 + g % 50000 end,
            case when s.status = 80 then (array['CNY','JPY','USD'])[1 + g % 3] end,
            case when s.status >= 80 then e.created_at + interval '1 day' end,
            e.created_at, e.created_at
     from generate_series(1, $1::int) g
     join enrollments e on e.id = $2::int + (g - 1) / 2
     cross join lateral (select case
         when g > $3::int then (array[10,20,20,30,35,40,40,50,60,70,70,70])[1 + abs(hashint4(g::int)) % 12]
         when g % 20 < 11 then 80
         when g % 20 < 18 then 90
         else 70 end as status) s`,
    [count, firstEnrollment, openFrom, valuers, brandIds, categoryIds, workflowIds],
  );

  // First appraisals: pending (20), in progress (30), returned (35), done (40 and later).
  await client.query(
    `insert into identify_flows (commodity_id, round, step, valuer_id, status, started_at, finished_at,
                                 duration_seconds, is_real, state_level, price_low, price_high, currency, created_at)
     select c.id, 1, 'first', c.valuer_id,
            case when c.status = 20 then 1 when c.status = 30 then 2 when c.status = 35 then 4 else 3 end,
            case when c.status > 20 then c.created_at + interval '10 minutes' end,
            case when c.status >= 35 then c.created_at + interval '10 minutes' + make_interval(secs => 300 + c.id % 3300) end,
            case when c.status >= 40 then 300 + c.id % 3300 end,
            case when c.status >= 40 then 1 end, case when c.status >= 40 then 'A' end,
            case when c.status >= 40 then 1000 end, case when c.status >= 40 then 1200 end,
            case when c.status >= 40 then 'CNY' end, c.created_at
     from commodities c where c.status >= 20`,
  );
  // Reconsiderations by the next valuer: in progress (50), done (60 and later).
  await client.query(
    `insert into identify_flows (commodity_id, round, step, valuer_id, status, started_at, finished_at,
                                 duration_seconds, is_real, state_level, price_low, price_high, currency, agrees, created_at)
     select c.id, 1, 'reconsideration',
            ($1::int[])[1 + (array_position($1::int[], c.valuer_id)) % cardinality($1::int[])],
            case when c.status = 50 then 2 else 3 end,
            c.created_at + interval '1 hour',
            case when c.status >= 60 then c.created_at + interval '1 hour 20 minutes' end,
            case when c.status >= 60 then 1200 end,
            case when c.status >= 60 then 1 end, case when c.status >= 60 then 'A' end,
            case when c.status >= 60 then 1000 end, case when c.status >= 60 then 1200 end,
            case when c.status >= 60 then 'CNY' end, case when c.status >= 60 then (c.status <> 60)::int end,
            c.created_at + interval '1 hour'
     from commodities c where c.status >= 50`,
    [valuers],
  );
  await client.query(
    `update commodities c set result_flow_id = f.id
     from identify_flows f where f.commodity_id = c.id and f.step = 'reconsideration' and c.status >= 70`,
  );
  // One audit row per commodity: its registration.
  await client.query(
    `insert into commodity_events (commodity_id, actor_id, action, from_status, to_status, created_at)
     select c.id, c.recorder_id, 'enroll', null, case when c.status = 10 then 10 else 20 end, c.created_at
     from commodities c`,
  );
  await client.query('commit');
  for (const table of ['users', 'enrollments', 'commodities', 'identify_flows', 'commodity_events']) {
    await client.query(`vacuum analyze ${table}`);
  }
  const counted = async (table: string) =>
    Number((await client.query<{ n: string }>(`select count(*) as n from ${table}`)).rows[0]?.n);
  return {
    commodities: await counted('commodities'),
    flows: await counted('identify_flows'),
    events: await counted('commodity_events'),
    seconds: Math.round((performance.now() - started) / 100) / 10,
  };
}

/**
 * The seed gives every final result the same verdict: spread them as a shop's would be (currency,
 * verdict, grade, price). Answers how many commodities have a final result.
 */
export async function varyResults(client: Queryable) {
  await client.query(
    `update identify_flows f
     set currency = (array['CNY','CNY','CNY','JPY','JPY','USD'])[1 + abs(hashint4(f.id)) % 6],
         is_real = (array[1,1,1,1,1,1,1,2,2,3])[1 + abs(hashint4(f.id + 1)) % 10],
         not_genuine_reason = case when abs(hashint4(f.id + 1)) % 10 >= 7 then 'other' end,
         state_level = (array['N','S','SA','A','AB','B','BC','C'])[1 + abs(hashint4(f.id + 2)) % 8],
         price_low = 100 + abs(hashint4(f.id + 3)) % 500000,
         price_high = 100 + abs(hashint4(f.id + 3)) % 500000 + abs(hashint4(f.id + 4)) % 20000
     from commodities c where c.result_flow_id = f.id`,
  );
  await client.query('vacuum analyze identify_flows');
  await client.query('vacuum analyze commodities');
  const { rows } = await client.query<{ n: string }>(
    'select count(*) as n from commodities where result_flow_id is not null',
  );
  return Number(rows[0]?.n ?? 0);
}
