import { DEMO_MOBILES, DEMO_PASSWORD } from '@jewel/contract/values/demo';
import { count, eq } from 'drizzle-orm';
import { beforeAll, expect, it, vi } from 'vitest';
import { commands } from '../../cli/operator-commands.ts';
import { commodities, commodityEvents, commodityTransfers, ledgerEntries } from '../../db/schema.ts';
import { FIRST_BRANCH } from '../../domain/branches.ts';
import { insertAt, type Kit, outcome, type Person, prepareKit, type Situation } from '../../test/commodity-kit.ts';
import { insertLedgerEntry } from '../../test/ledger-fixtures.ts';
import { openStream, type Stream } from '../../test/live-stream.ts';
import { bearer, describeOnDatabases } from '../../test/test-app.ts';

/**
 * Issue 32 item 4, docs/adr/0105 "Transfers": an item moves between branches with who, when and
 * why, in its history and both branches' records. Each rule is written here from the ADR, with
 * the refusal's code and message, and a refusal leaves the item, its history and the transfers
 * as they were.
 */

describeOnDatabases('transfers between branches', (ctx) => {
  let kit: Kit;
  let branchB = 0;
  let branchC = 0;
  /** A recorder of A (the kit's), of B; the demo's manager, a recorder who works at both. */
  let recorderA: Person;
  let recorderB: Person;
  let recorderAB: Person;
  let valuerA: Person;
  let centralValuer: Person;
  let readOnlyManager: Person;
  let guestA: Person;

  const call = async (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
    const response = await ctx.app.inject({ method, url, payload, headers: { ...bearer(token), lang: 'en' } });
    return { ...outcome(ctx, response), msg: ctx.json(response).msg as string };
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
    return mobile;
  };
  const giveBranches = async (mobile: string, ids: number[]) => {
    const member = await person(await ctx.login(mobile));
    const answer = await call(recorderAB.token, 'PUT', `/api/staff/${member.id}/branches`, { branch_ids: ids });
    expect(answer.data).toEqual({ branch_ids: ids });
    return person(await ctx.login(mobile));
  };
  const newBranch = async (name: string) => {
    const opened = await call(recorderAB.token, 'POST', '/api/branches', {
      name,
      address: `${name} street 1`,
      phone: '0300000002',
      licence_no: null,
      time_zone: null,
      currency: null,
    });
    expect(opened.code).toBe(0);
    return opened.data.id as number;
  };
  const transfer = (who: Person, id: number, body: object) =>
    call(who.token, 'POST', `/api/commodities/${id}/transfer`, body);
  /** The item's row, its history and every transfer: what a refusal must leave as it was. */
  const state = async (id: number) =>
    JSON.stringify([
      await ctx.app.db.select().from(commodities).where(eq(commodities.id, id)),
      await ctx.app.db.select().from(commodityEvents).where(eq(commodityEvents.commodityId, id)),
      await ctx.app.db.select({ n: count() }).from(commodityTransfers),
    ]);
  const versionAt = async (id: number) =>
    (await ctx.app.db.select({ version: commodities.version }).from(commodities).where(eq(commodities.id, id)))[0]
      ?.version ?? -1;
  const listed = async (who: Person, id: number) =>
    (await call(who.token, 'GET', '/api/commodities?limit=50')).data.items.some((row: { id: number }) => row.id === id);

  beforeAll(async () => {
    kit = await prepareKit(ctx);
    recorderA = kit.recorder;
    valuerA = kit.valuer1;
    recorderAB = await person(await ctx.login(DEMO_MOBILES.manager));
    branchB = await newBranch('Branch B');
    branchC = await newBranch('Branch C');
    // Branch C closes: the demo's manager works at A and B besides.
    expect((await call(recorderAB.token, 'PUT', `/api/branches/${branchC}/state`, { open: false })).code).toBe(0);
    recorderB = await giveBranches(await newMember('13900004211', 'recorder'), [branchB]);
    centralValuer = await giveBranches(await newMember('13900004212', 'valuers'), [FIRST_BRANCH, branchB]);
    readOnlyManager = await giveBranches(await newMember('13900004213', 'manager'), [FIRST_BRANCH, branchB]);
    const link = (await call(recorderA.token, 'POST', '/api/auth/tmp', { role: 'recorder' })).data;
    const entered = ctx.json(
      await ctx.app.inject({ method: 'POST', url: '/api/auth/guest', payload: { uuid: link.uuid, name: 'Guest A' } }),
    ).data;
    guestA = { token: entered.token, id: entered.user.id, name: entered.user.name };
    recorderA = await person(await ctx.login(DEMO_MOBILES.recorder));
  }, 120_000);

  /** An item of branch A in `situation`, its first valuer the central one unless named. */
  const itemAt = (situation: Situation, first?: number) =>
    insertAt(ctx, kit, situation, { first: first ?? centralValuer.id });

  it('refuses each caller and destination the rules refuse, changing nothing', async () => {
    const id = await itemAt('pendingDistribution');
    const version = await versionAt(id);
    const body = { version, branch_id: branchB, reason: 'To the selling branch' };
    const cases: [string, Person, object, number, string][] = [
      ['a guest', guestA, body, 2031, 'Temporary users cannot do this.'],
      [
        'a manager reading as a recorder',
        readOnlyManager,
        body,
        2034,
        'You are reading as a recorder without holding the role: this cannot be changed here.',
      ],
      ['a valuer', valuerA, body, 4002, 'Your role cannot take this action.'],
      ["another branch's recorder", recorderB, body, 1002, 'The record was not found.'],
      ['to its own branch', recorderA, { ...body, branch_id: FIRST_BRANCH }, 1001, 'Input error: branch_id'],
      ['to a branch that does not exist', recorderA, { ...body, branch_id: 99_999 }, 1001, 'Input error: branch_id'],
      [
        'to a closed branch',
        recorderA,
        { ...body, branch_id: branchC },
        2085,
        'That branch is closed: open it again first, or choose another.',
      ],
      [
        'with a stale version',
        recorderA,
        { ...body, version: version + 1 },
        4006,
        'Someone else changed this item first. Refresh and try again.',
      ],
      ['without a reason', recorderA, { ...body, reason: '   ' }, 1001, 'Input error: reason'],
    ];
    for (const [what, who, payload, code, msg] of cases) {
      const before = await state(id);
      const answer = await transfer(who, id, payload);
      expect({ what, code: answer.code, msg: answer.msg }).toEqual({ what, code, msg });
      expect(await state(id), what).toBe(before);
    }
  });

  it('refuses an item returned to its customer', async () => {
    const id = await itemAt('returned');
    const before = await state(id);
    const answer = await transfer(recorderA, id, { version: await versionAt(id), branch_id: branchB, reason: 'Why' });
    expect({ code: answer.code, msg: answer.msg }).toEqual({
      code: 4001,
      msg: 'The item is now “Returned”: this action is not possible.',
    });
    expect(await state(id)).toBe(before);
  });

  it('moves an item under appraisal only where its valuer works', async () => {
    const id = await itemAt('inAppraisal', valuerA.id);
    const before = await state(id);
    const answer = await transfer(recorderA, id, { version: await versionAt(id), branch_id: branchB, reason: 'Why' });
    expect({ code: answer.code, msg: answer.msg }).toEqual({
      code: 2086,
      msg: "That item's valuer does not work at that branch: hand it to a valuer there first, or wait until the appraisal is done.",
    });
    expect(await state(id)).toBe(before);

    // The central valuer works at both: the item goes, still theirs.
    const central = await itemAt('inAppraisal');
    const moved = await transfer(recorderA, central, {
      version: await versionAt(central),
      branch_id: branchB,
      reason: 'Central valuers',
    });
    expect(moved.code).toBe(0);
    const row = (await ctx.app.db.select().from(commodities).where(eq(commodities.id, central)))[0];
    expect({ branch: row?.branchId, status: row?.status, valuer: row?.valuerId }).toEqual({
      branch: branchB,
      status: 30,
      valuer: centralValuer.id,
    });
  });

  it("moves an item: its branch, its history, both branches' records; its ledger entry stays", async () => {
    // An item with its entry in branch A's ledger: the buying office's record, which stays there.
    const id = (await insertLedgerEntry(ctx, kit)).commodityId;
    const [entry] = await ctx.app.db.select().from(ledgerEntries).where(eq(ledgerEntries.commodityId, id));
    const ledgerBefore = JSON.stringify(entry);
    const version = await versionAt(id);
    const status = (await ctx.app.db.select().from(commodities).where(eq(commodities.id, id)))[0]?.status;
    expect(await listed(recorderA, id)).toBe(true);
    expect(await listed(recorderB, id)).toBe(false);

    const answer = await transfer(recorderA, id, { version, branch_id: branchB, reason: '  To the selling branch  ' });
    // The recorder of A no longer sees it: no detail to show.
    expect({ code: answer.code, data: answer.data }).toEqual({ code: 0, data: { commodity: null } });
    const [row] = await ctx.app.db.select().from(commodities).where(eq(commodities.id, id));
    expect({ branch: row?.branchId, version: row?.version, status: row?.status }).toEqual({
      branch: branchB,
      version: version + 1,
      status,
    });

    expect(await listed(recorderA, id)).toBe(false);
    expect(await listed(recorderB, id)).toBe(true);
    // One who sees both still lists it.
    expect(await listed(recorderAB, id)).toBe(true);
    expect((await call(recorderA.token, 'GET', `/api/commodities/${id}`)).code).toBe(1002);

    const detail = (await call(recorderB.token, 'GET', `/api/commodities/${id}`)).data;
    const event = detail.history.at(-1);
    expect({
      action: event.action,
      from: event.from_status,
      to: event.to_status,
      actor: event.actor,
      changes: event.changes,
    }).toEqual({
      action: 'transfer',
      from: status,
      to: status,
      actor: { id: recorderA.id, name: recorderA.name },
      changes: {
        from_branch: { id: FIRST_BRANCH, name: expect.any(String) },
        to_branch: { id: branchB, name: 'Branch B' },
        reason: 'To the selling branch',
      },
    });

    // Both branches' records, and the one who sees both.
    for (const who of [recorderA, recorderB, recorderAB]) {
      const records = (await call(who.token, 'GET', '/api/transfers?limit=50')).data.items;
      const record = records.find((r: { commodity: { id: number } }) => r.commodity.id === id);
      expect(record).toEqual({
        id: expect.any(Number),
        commodity: { id, no: row?.no, product_name: row?.productName },
        from_branch: { id: FIRST_BRANCH, name: event.changes.from_branch.name },
        to_branch: { id: branchB, name: 'Branch B' },
        transferred_by: { id: recorderA.id, name: recorderA.name },
        transferred_at: expect.any(String),
        reason: 'To the selling branch',
      });
    }
    // The ledger entry stays where the item was bought.
    const [after] = await ctx.app.db.select().from(ledgerEntries).where(eq(ledgerEntries.commodityId, id));
    expect(after?.branchId).toBe(FIRST_BRANCH);
    expect(JSON.stringify(after)).toBe(ledgerBefore);

    // The audit trail names it, from → to, with the reason.
    const trail = (await call(recorderAB.token, 'GET', `/api/audit?item=${row?.no}&limit=50`)).data.items;
    expect(trail.find((record: { what: string }) => record.what === 'Transferred to another branch')).toMatchObject({
      kind: 'transition',
      actor: { id: recorderA.id, name: recorderA.name },
      change: `${event.changes.from_branch.name} → Branch B`,
      note: 'Reason: To the selling branch',
      item: { id, no: row?.no },
    });

    // The one who sees both gets the detail back; a guest lists no transfers.
    const back = await transfer(recorderAB, id, { version: version + 1, branch_id: FIRST_BRANCH, reason: 'Back' });
    expect({ code: back.code, branch: back.data.commodity?.id }).toEqual({ code: 0, branch: id });
    expect((await call(guestA.token, 'GET', '/api/transfers')).code).toBe(2031);
  });

  it('is heard live by those who see the branch it leaves and those who see the one it reaches', async () => {
    // Registered by B's recorder, held by A: neither recorder hears it for being its recorder.
    const id = await insertAt(ctx, kit, 'pendingDistribution', { recorder: recorderB.id });
    const base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const streams = [await openStream(base, recorderA.token), await openStream(base, recorderB.token)];
    for (const stream of streams) await stream.next(0);
    const moved = await transfer(recorderAB, id, { version: await versionAt(id), branch_id: branchB, reason: 'Live' });
    expect(moved.code).toBe(0);
    const heard = (stream: Stream) => stream.events.some((event) => event.type === 'commodity' && event.id === id);
    await vi.waitFor(() => expect(streams.map(heard)).toEqual([true, true]));
    for (const stream of streams) stream.close();
  });

  it('lists the open branches for any member of the staff, and pages the transfers', async () => {
    const open = (await call(valuerA.token, 'GET', '/api/branches/open')).data.items;
    expect(open.map((b: { id: number }) => b.id)).toEqual([FIRST_BRANCH, branchB]);
    expect((await call(guestA.token, 'GET', '/api/branches/open')).code).toBe(2031);

    const first = (await call(recorderAB.token, 'GET', '/api/transfers?limit=1')).data;
    expect(first.items).toHaveLength(1);
    expect(first.next_cursor).not.toBeNull();
    const second = (await call(recorderAB.token, 'GET', `/api/transfers?limit=1&cursor=${first.next_cursor}`)).data;
    expect(second.items[0].id).toBeLessThan(first.items[0].id);
    expect((await call(recorderAB.token, 'GET', '/api/transfers?cursor=nonsense')).code).toBe(1001);
  });
});
