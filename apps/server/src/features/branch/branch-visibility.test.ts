import { DEMO_MOBILES, DEMO_PASSWORD } from '@jewel/contract/values/demo';
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it, vi } from 'vitest';
import { commands } from '../../cli/operator-commands.ts';
import { commodities, customers, enrollments, ledgerEntries, watchMatches, watchNotices } from '../../db/schema.ts';
import {
  act,
  buybackProof,
  commodityInput,
  enrollBody,
  insertAt,
  type Kit,
  outcome,
  type Person,
  prepareKit,
  uploadPhoto,
} from '../../test/commodity-kit.ts';
import { openStream } from '../../test/live-stream.ts';
import { drawnText } from '../../test/pdf-glyphs.ts';
import { bearer, describeOnDatabases } from '../../test/test-app.ts';

/**
 * Issue 32 item 3: "nothing of branch B is visible or changeable from branch A". Two branches,
 * an item and a customer in each; who sees which is written here from the issue and docs/adr/0105
 * "Who sees what", not read from the code: a recorder and a guest, the branch they work at; a
 * valuer, every branch they work at (a central valuer serves both); a manager, the branches they
 * keep; the owner, every one.
 */

type Who = 'recorderA' | 'recorderB' | 'valuerA' | 'centralValuer' | 'managerA' | 'managerAB' | 'owner' | 'guestA';

/** Sees the item and the customer of branch A, of branch B. */
const SEES: Record<Who, { A: boolean; B: boolean }> = {
  recorderA: { A: true, B: false },
  recorderB: { A: false, B: true },
  valuerA: { A: true, B: false },
  centralValuer: { A: true, B: true },
  managerA: { A: true, B: false },
  managerAB: { A: true, B: true },
  owner: { A: true, B: true },
  // A guest recorder of branch A sees only their own registrations: neither of these.
  guestA: { A: false, B: false },
};
/** Branch B's own licence (a 営業所 under another commission); branch A has the shop's, the demo's none. */
const B_LICENCE = '第621010009999号';

/** Customers are the recorders' (PRODUCT.md): valuers make no customer call. */
const CUSTOMERS: readonly Who[] = ['recorderA', 'recorderB', 'managerA', 'managerAB', 'owner'];

describeOnDatabases('who sees what, with two branches', (ctx) => {
  const people = {} as Record<Who, Person>;
  const item = { A: 0, B: 0 };
  const customer = { A: 0, B: 0 };
  let kit: Kit;
  let branchB = 0;
  /** Branch B's first ledger entry and a final result in each branch, made by the tests below. */
  let ledgerB = 0;
  const result = { A: 0, B: 0 };

  const call = async (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
    const response = await ctx.app.inject({ method, url, payload, headers: { ...bearer(token), lang: 'en' } });
    return outcome(ctx, response);
  };
  const person = async (token: string): Promise<Person> => {
    const info = (await call(token, 'GET', '/api/user/info')).data;
    return { token, id: info.id, name: info.name };
  };
  const newMember = async (mobile: string, role: string) => {
    await commands['create-user'](ctx.app.database, {
      mobile,
      name: `M-${mobile.slice(-4)}`,
      role,
      password: DEMO_PASSWORD,
    });
    return person(await ctx.login(mobile));
  };
  const giveBranches = async (member: Person, ids: number[]) => {
    const answer = await call(people.managerAB.token, 'PUT', `/api/staff/${member.id}/branches`, { branch_ids: ids });
    expect(answer.data).toEqual({ branch_ids: ids });
    return person(await ctx.login(mobileOf.get(member.id) ?? ''));
  };
  const mobileOf = new Map<number, string>();
  let photoColor = 20;
  /** `recorder` registers one item with photos of their own, for `customer` when named; answers the call. */
  const registerAs = async (recorder: Person, fields: object = {}, customer: Record<string, unknown> = {}) => {
    photoColor += 10;
    const photo = await uploadPhoto(ctx, recorder.token, photoColor);
    const input = commodityInput(kit, {
      size_pics: [photo],
      weight_pics: [photo],
      product_pics: [photo],
      accessory_pics: [photo],
      ...fields,
    });
    return call(recorder.token, 'POST', '/api/enrollments', enrollBody([input], customer));
  };

  beforeAll(async () => {
    kit = await prepareKit(ctx);
    people.managerAB = await person(await ctx.login(DEMO_MOBILES.manager));
    const opened = await call(people.managerAB.token, 'POST', '/api/branches', {
      name: 'Branch B',
      address: 'B street 1',
      phone: '0300000002',
      licence_no: B_LICENCE,
      time_zone: null,
      currency: null,
    });
    branchB = opened.data.id;
    people.recorderA = kit.recorder;
    people.valuerA = kit.valuer1;
    for (const [who, mobile, role] of [
      ['recorderB', '13900003211', 'recorder'],
      ['centralValuer', '13900003212', 'valuers'],
      ['managerA', '13900003213', 'recorder,manager'],
      ['owner', '13900003214', 'manager'],
    ] as const) {
      people[who] = await newMember(mobile, role);
      mobileOf.set(people[who].id, mobile);
    }
    people.recorderB = await giveBranches(people.recorderB, [branchB]);
    people.centralValuer = await giveBranches(people.centralValuer, [1, branchB]);
    await ctx.app.db.execute(`update shop set owner_id = ${people.owner.id}`);
    people.owner = await person(await ctx.login('13900003214'));
    people.guestA = await (async () => {
      const link = (await call(kit.recorder.token, 'POST', '/api/auth/tmp', { role: 'recorder' })).data;
      const entered = ctx.json(
        await ctx.app.inject({ method: 'POST', url: '/api/auth/guest', payload: { uuid: link.uuid, name: 'Guest A' } }),
      ).data;
      return { token: entered.token, id: entered.user.id, name: entered.user.name };
    })();

    // Each branch's recorder registers an item, handed to the central valuer, for a customer of theirs.
    for (const [branch, recorder, phone] of [
      ['A', people.recorderA, '13911110001'],
      ['B', people.recorderB, '13911110002'],
    ] as const) {
      const enrolled = await registerAs(
        recorder,
        { valuer_id: people.centralValuer.id },
        { customer_name: `Customer ${branch}`, customer_phone: phone },
      );
      expect({ branch, code: enrolled.code }).toEqual({ branch, code: 0 });
      item[branch] = enrolled.data.commodities[0].id;
      const [row] = await ctx.app.db.select().from(customers).where(eq(customers.phone, phone));
      customer[branch] = row?.id ?? 0;
    }
    const held = await ctx.app.db.select({ id: commodities.id, branch: commodities.branchId }).from(commodities);
    expect(held.filter((row) => row.id === item.A || row.id === item.B).sort((a, b) => a.id - b.id)).toEqual([
      { id: item.A, branch: 1 },
      { id: item.B, branch: branchB },
    ]);
  }, 120_000);

  it('lists, details, tags and scans show each branch only to those who see it', async () => {
    const seen: Record<string, { A: boolean; B: boolean }> = {};
    const mismatches: string[] = [];
    for (const who of Object.keys(SEES) as Who[]) {
      const { token } = people[who];
      const list = (await call(token, 'GET', '/api/commodities?limit=50')).data.items.map(
        (row: { id: number }) => row.id,
      );
      for (const branch of ['A', 'B'] as const) {
        const expected = SEES[who][branch];
        const inList = list.includes(item[branch]);
        const detail = (await call(token, 'GET', `/api/commodities/${item[branch]}`)).status === 200;
        const tags = await ctx.app.inject({
          method: 'POST',
          url: '/api/commodities/tags',
          payload: { ids: [item[branch]] },
          headers: { ...bearer(token), lang: 'en' },
        });
        const tagged = tags.statusCode === 200 && String(tags.headers['content-type']).includes('pdf');
        for (const [what, got] of [
          ['list', inList],
          ['detail', detail],
          ['tag', who === 'guestA' ? false : tagged],
        ] as const) {
          if (got !== expected) mismatches.push(`${who} ${what} of ${branch}: expected ${expected}, got ${got}`);
        }
      }
      seen[who] = SEES[who];
    }
    expect(mismatches).toEqual([]);
  });

  it("another branch's item cannot be changed, and is never handed to a valuer who does not work there", async () => {
    const before = JSON.stringify(await ctx.app.db.select().from(commodities).where(eq(commodities.id, item.B)));
    const version = (await call(people.recorderB.token, 'GET', `/api/commodities/${item.B}`)).data.version;
    const update = await act(ctx, people.recorderA.token, item.B, 'update', {
      version,
      ...commodityInput(kit),
      customer_name: 'Changed',
      customer_phone: '13911110009',
      customer_address: '',
    });
    expect(update.statusCode).toBe(404);
    const returned = await act(ctx, people.valuerA.token, item.B, 'return', { version, reason: 'Not mine' });
    expect(returned.statusCode).toBe(404);
    expect(JSON.stringify(await ctx.app.db.select().from(commodities).where(eq(commodities.id, item.B)))).toBe(before);

    // The valuers offered to branch B's recorder: only those who work at B.
    const offered = (await call(people.recorderB.token, 'GET', '/api/user/valuers')).data.map(
      (v: { id: number }) => v.id,
    );
    expect(offered).toEqual([people.centralValuer.id]);
    // Registering at B for a valuer of A only is refused, naming the field; nothing is written.
    const count = (await ctx.app.db.select().from(commodities)).length;
    const refused = await call(
      people.recorderB.token,
      'POST',
      '/api/enrollments',
      enrollBody([commodityInput(kit, { valuer_id: people.valuerA.id })]),
    );
    expect({ status: refused.status, code: refused.code, field: refused.data?.field }).toEqual({
      status: 400,
      code: 1001,
      field: 'commodities.0.valuer_id',
    });
    expect((await ctx.app.db.select().from(commodities)).length).toBe(count);
  });

  it('customers: a recorder sees those made at or visiting their branch; a seller found again is one person', async () => {
    for (const who of CUSTOMERS) {
      const { token } = people[who];
      const listed = (await call(token, 'GET', '/api/customers?limit=50')).data.items.map(
        (row: { id: number }) => row.id,
      );
      for (const branch of ['A', 'B'] as const) {
        const detail = (await call(token, 'GET', `/api/customers/${customer[branch]}`)).status === 200;
        expect({ who, branch, listed: listed.includes(customer[branch]), detail }).toEqual({
          who,
          branch,
          listed: SEES[who][branch],
          detail: SEES[who][branch],
        });
      }
    }
    // Branch B's customer visits branch A: the same record, now visible at A, with A's visit only.
    const visit = await registerAs(
      people.recorderA,
      {},
      { customer_name: 'Customer B', customer_phone: '13911110002' },
    );
    expect(visit.code).toBe(0);
    expect((await ctx.app.db.select().from(customers).where(eq(customers.phone, '13911110002'))).length).toBe(1);
    const detail = await call(people.recorderA.token, 'GET', `/api/customers/${customer.B}`);
    expect(detail.status).toBe(200);
    expect(detail.data.visits.length).toBe(1);
    const atB = await call(people.recorderB.token, 'GET', `/api/customers/${customer.B}`);
    expect(atB.data.visits.length).toBe(1);
  });

  it('live events: a change at branch B reaches only those who see branch B', async () => {
    const base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const streams = {
      recorderA: await openStream(base, people.recorderA.token),
      recorderB: await openStream(base, people.recorderB.token),
      centralValuer: await openStream(base, people.centralValuer.token),
    };
    for (const stream of Object.values(streams)) await stream.next(0);
    const changes = (stream: { events: { type: string; id?: number }[] }) =>
      stream.events.filter((event) => event.type === 'commodity').map((event) => event.id);
    // B, A, B, A: signals keep commit order, so a stream that hears both of its branch's changes
    // heard everything before the second, and the other branch's change between was never sent.
    const made: number[] = [];
    for (const recorder of [people.recorderB, people.recorderA, people.recorderB, people.recorderA]) {
      const enrolled = await registerAs(recorder, { valuer_id: people.centralValuer.id });
      made.push(enrolled.data.commodities[0].id);
    }
    const [b1, a1, b2, a2] = made;
    await vi.waitFor(() => expect(changes(streams.centralValuer)).toEqual([b1, a1, b2, a2]));
    await vi.waitFor(() => expect(changes(streams.recorderA)).toEqual([a1, a2]));
    await vi.waitFor(() => expect(changes(streams.recorderB)).toEqual([b1, b2]));
    for (const stream of Object.values(streams)) stream.close();
  });

  it('the ledger is kept per branch: its own numbers, its own readers, its export under its licence', async () => {
    // An item of branch B, appraised, bought back by B's recorder through the buyback itself.
    const id = await insertAt(ctx, kit, 'identifiedQuick', { recorder: people.recorderB.id });
    const [row] = await ctx.app.db.select().from(commodities).where(eq(commodities.id, id));
    await ctx.app.db.update(commodities).set({ branchId: branchB }).where(eq(commodities.id, id));
    await ctx.app.db
      .update(enrollments)
      .set({ branchId: branchB })
      .where(eq(enrollments.id, row?.enrollmentId ?? 0));
    const version = (await call(people.recorderB.token, 'GET', `/api/commodities/${id}`)).data.version;
    const proof = await buybackProof(ctx, people.recorderB.token);
    const bought = await act(ctx, people.recorderB.token, id, 'recycle', {
      version,
      is_recycle: 1,
      price: 800,
      currency: 'CNY',
      ...proof,
    });
    expect(outcome(ctx, bought).code).toBe(0);
    const [entry] = await ctx.app.db.select().from(ledgerEntries).where(eq(ledgerEntries.commodityId, id));
    // The first entry of B's ledger, whatever the first branch's holds.
    expect({ branch: entry?.branchId, no: entry?.branchNo }).toEqual({ branch: branchB, no: 1 });
    const entryId = entry?.id ?? 0;
    ledgerB = entryId;

    // B's recorder reads it under its number; A's recorder neither lists, reads nor corrects it.
    const atB = await call(people.recorderB.token, 'GET', `/api/ledger/entries/${entryId}`);
    expect({ status: atB.status, no: atB.data?.no, branch: atB.data?.branch_id }).toEqual({
      status: 200,
      no: 1,
      branch: branchB,
    });
    const listedAtA = (await call(people.recorderA.token, 'GET', '/api/ledger/entries?limit=50')).data.items.map(
      (item: { id: number }) => item.id,
    );
    expect(listedAtA).not.toContain(entryId);
    expect((await call(people.recorderA.token, 'GET', `/api/ledger/entries/${entryId}`)).status).toBe(404);
    const before = JSON.stringify(await ctx.app.db.select().from(ledgerEntries).orderBy(ledgerEntries.id));
    const refused = await call(people.recorderA.token, 'POST', `/api/ledger/entries/${entryId}/correct`, {
      price: 900,
      reason: 'Typo',
    });
    expect(refused.status).toBe(404);
    expect(JSON.stringify(await ctx.app.db.select().from(ledgerEntries).orderBy(ledgerEntries.id))).toBe(before);

    // A correction at B is B's next number.
    const corrected = await call(people.recorderB.token, 'POST', `/api/ledger/entries/${entryId}/correct`, {
      price: 900,
      reason: 'Typo',
    });
    expect({ no: corrected.data?.no, corrects: corrected.data?.corrects_no }).toEqual({ no: 2, corrects: 1 });

    // Each branch's export is headed with that branch: B's with its name and licence.
    const exported = async (token: string, query: string) =>
      ctx.app.inject({ method: 'GET', url: `/api/ledger/export?${query}`, headers: { ...bearer(token), lang: 'en' } });
    const csv = await exported(people.recorderB.token, 'format=csv');
    expect(csv.statusCode).toBe(200);
    const [header] = csv.body.replace(/^\uFEFF/, '').split(/\r?\n/);
    expect(header).toContain('Branch B');
    expect(header).toContain(`Licence no. ${B_LICENCE}`);
    expect(csv.body).toContain('Typo');
    const pdf = await exported(people.recorderB.token, 'format=pdf');
    expect(drawnText(pdf.rawPayload).text).toContain(B_LICENCE);
    const atA = await exported(people.recorderA.token, 'format=csv');
    expect(atA.body).not.toContain('Branch B');
    expect(atA.body).not.toContain('Typo');
    // Another branch's ledger is not A's recorder's to export.
    const notHeld = await exported(people.recorderA.token, `format=csv&branch_id=${branchB}`);
    expect({ status: notHeld.statusCode, code: ctx.json(notHeld).code }).toEqual({ status: 403, code: 2080 });
  });

  it('the data base and its subtotals add up the branches one sees, a subtotal always its own', async () => {
    // One final result in each branch.
    for (const branch of ['A', 'B'] as const) {
      const recorder = branch === 'A' ? people.recorderA : people.recorderB;
      const id = await insertAt(ctx, kit, 'identifiedQuick', { recorder: recorder.id });
      const [row] = await ctx.app.db.select().from(commodities).where(eq(commodities.id, id));
      const branchId = branch === 'A' ? 1 : branchB;
      await ctx.app.db.update(commodities).set({ branchId }).where(eq(commodities.id, id));
      await ctx.app.db
        .update(enrollments)
        .set({ branchId })
        .where(eq(enrollments.id, row?.enrollmentId ?? 0));
      result[branch] = id;
    }
    for (const who of ['recorderA', 'recorderB', 'centralValuer', 'managerA', 'owner'] as const) {
      const { token } = people[who];
      const listed = (await call(token, 'GET', '/api/information?limit=50')).data.items.map(
        (row: { id: number }) => row.id,
      );
      for (const branch of ['A', 'B'] as const) {
        const detail = (await call(token, 'GET', `/api/information/${result[branch]}`)).status === 200;
        expect({ who, branch, listed: listed.includes(result[branch]), detail }).toEqual({
          who,
          branch,
          listed: SEES[who][branch],
          detail: SEES[who][branch],
        });
      }
    }

    // B's recorder's subtotal adds up B alone; A's recorder neither lists, reads nor recomputes it.
    const atB = await call(people.recorderB.token, 'POST', '/api/subtotals', { name: 'B only', filter: {} });
    expect(atB.code).toBe(0);
    const bOnly = atB.data.id;
    const [bCount] = await ctx.app.db
      .execute(`select count(*)::int as n from commodities where result_flow_id is not null and branch_id = ${branchB}`)
      .then((r) => (r as unknown as { rows: { n: number }[] }).rows);
    expect(atB.data.latest.count).toBe(bCount?.n);
    const listedByA = (await call(people.recorderA.token, 'GET', '/api/subtotals?page_size=100')).data.items.map(
      (row: { id: number }) => row.id,
    );
    expect(listedByA).not.toContain(bOnly);
    expect((await call(people.recorderA.token, 'GET', `/api/subtotals/${bOnly}`)).status).toBe(404);
    expect((await call(people.recorderA.token, 'POST', `/api/subtotals/${bOnly}/recompute`)).status).toBe(404);
    // The central valuer sees both branches, so B's subtotal too, and recomputing it still adds up B alone.
    const again = await call(people.centralValuer.token, 'POST', `/api/subtotals/${bOnly}/recompute`);
    expect(again.data.latest.count).toBe(bCount?.n);
    // The owner's adds up every branch, and only those who see every branch read it.
    const whole = await call(people.owner.token, 'POST', '/api/subtotals', { name: 'Chain', filter: {} });
    expect((await call(people.recorderB.token, 'GET', `/api/subtotals/${whole.data.id}`)).status).toBe(404);
    expect((await call(people.managerAB.token, 'GET', `/api/subtotals/${whole.data.id}`)).status).toBe(200);
  });

  it("certificates, watch-list alerts and suspicious flags follow their item's branch", async () => {
    // A certificate: of the items one sees only.
    for (const who of ['recorderA', 'recorderB', 'centralValuer'] as const) {
      for (const branch of ['A', 'B'] as const) {
        const response = await ctx.app.inject({
          method: 'GET',
          url: `/api/commodities/${result[branch]}/certificate`,
          headers: { ...bearer(people[who].token), lang: 'en' },
        });
        expect({ who, branch, issued: response.statusCode === 200 }).toEqual({
          who,
          branch,
          issued: SEES[who][branch],
        });
      }
    }

    // A watch-list alert on B's item: not listed at A, not acknowledged from A.
    const [notice] = await ctx.app.db
      .insert(watchNotices)
      .values({ source: 'police', model: 'Branch B alert', createdBy: people.recorderB.id })
      .returning({ id: watchNotices.id });
    const [match] = await ctx.app.db
      .insert(watchMatches)
      .values({ noticeId: notice?.id ?? 0, commodityId: item.B, matchedOn: 'serial', stage: 'notice' })
      .returning({ id: watchMatches.id });
    const alerts = async (who: Who) =>
      (await call(people[who].token, 'GET', '/api/watch/matches?status=all&page_size=100')).data.items.map(
        (row: { id: number }) => row.id,
      );
    expect(await alerts('recorderB')).toContain(match?.id);
    expect(await alerts('recorderA')).not.toContain(match?.id);
    const acknowledged = await call(people.recorderA.token, 'POST', `/api/watch/matches/${match?.id}/acknowledge`, {
      reason: 'Checked with the police: another item',
    });
    expect(acknowledged.status).toBe(404);
    const [still] = await ctx.app.db
      .select()
      .from(watchMatches)
      .where(eq(watchMatches.id, match?.id ?? 0));
    expect(still?.acknowledgedAt).toBeNull();

    // A suspicious flag on B's ledger entry: raised and listed at B only, not reviewed from A.
    const flagged = await call(people.recorderB.token, 'POST', `/api/ledger/entries/${ledgerB}/flag`, {
      reason: 'Paid in cash just under the threshold twice',
    });
    expect(flagged.code).toBe(0);
    expect(
      (await call(people.recorderA.token, 'POST', `/api/ledger/entries/${ledgerB}/flag`, { reason: 'From A' })).status,
    ).toBe(404);
    const flags = async (who: Who) =>
      (await call(people[who].token, 'GET', '/api/ledger/flags?status=all')).data.items.map(
        (row: { id: number }) => row.id,
      );
    expect(await flags('recorderB')).toContain(flagged.data.id);
    expect(await flags('recorderA')).not.toContain(flagged.data.id);
    const reviewed = await call(people.recorderA.token, 'POST', `/api/ledger/flags/${flagged.data.id}/review`, {
      decision: 'no_report',
      note: 'Not from A',
    });
    expect(reviewed.status).toBe(404);
  });

  it('the audit trail: a manager reads the records of the branches they keep', async () => {
    const [itemA] = await ctx.app.db.select({ no: commodities.no }).from(commodities).where(eq(commodities.id, item.A));
    const [itemB] = await ctx.app.db.select({ no: commodities.no }).from(commodities).where(eq(commodities.id, item.B));
    const trail = async (who: Who, query: string) =>
      (await call(people[who].token, 'GET', `/api/audit?limit=50&${query}`)).data.items as {
        kind: string;
        note: string | null;
      }[];
    for (const who of ['managerA', 'managerAB', 'owner'] as const) {
      for (const [branch, no] of [
        ['A', itemA?.no],
        ['B', itemB?.no],
      ] as const) {
        const records = await trail(who, `item=${no}`);
        expect({ who, branch, seen: records.length > 0 }).toEqual({ who, branch, seen: SEES[who][branch] });
      }
      // Branch B's opening and details are B's settings: not the records of a manager of A alone.
      const settings = await trail(who, 'kind=setting');
      const ofB = settings.filter((record) => record.note?.includes('Branch B'));
      expect({ who, seesBsSettings: ofB.length > 0 }).toEqual({ who, seesBsSettings: SEES[who].B });
    }
  });

  it('a price inquiry belongs to the branch it was taken at', async () => {
    const taken = await call(people.recorderB.token, 'POST', '/api/inquiries', {
      customer_name: 'Inquirer B',
      contact: 'line: b-branch',
      product_name: 'Kelly 28',
      photos: [],
      source: 'phone',
      priority: 1,
      remark: '',
    });
    expect(taken.code).toBe(0);
    for (const who of ['recorderA', 'recorderB', 'valuerA', 'centralValuer'] as const) {
      const listed = (await call(people[who].token, 'GET', '/api/inquiries?page_size=100')).data.items.map(
        (row: { id: number }) => row.id,
      );
      const detail = (await call(people[who].token, 'GET', `/api/inquiries/${taken.data.id}`)).status === 200;
      expect({ who, listed: listed.includes(taken.data.id), detail }).toEqual({
        who,
        listed: SEES[who].B,
        detail: SEES[who].B,
      });
    }
  });
});
