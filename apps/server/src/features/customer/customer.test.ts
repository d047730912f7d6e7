import { randomUUID } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { customers, enrollments, identityChecks, identityViews } from '../../db/schema.ts';
import { hintOf, seal } from '../../lib/identity-cipher.ts';
import {
  commodityInput,
  enroll,
  enrollBody,
  enterAsGuest,
  getDetail,
  type Kit,
  outcome,
  type Person,
  photoUpload,
  prepareKit,
  uploadPhoto,
} from '../../test/commodity-kit.ts';
import { bearer, describeOnDatabases } from '../../test/test-app.ts';

/**
 * An answer as text without its stored photos' names: 32 random hex digits may hold any four
 * digits of a document number (a CI run found "7890" in one).
 */
const withoutPhotoNames = (data: unknown) =>
  JSON.stringify(data).replace(/\/api\/files\/(p-)?[a-f0-9]{32}(-thumb)?\.\w+/g, '');

describeOnDatabases('customers as records', (ctx) => {
  let kit: Kit;
  let guest: Person;
  let guestValuer: Person;
  let guestPhoto = '';
  beforeAll(async () => {
    kit = await prepareKit(ctx);
    guest = await enterAsGuest(ctx, kit.recorder.token, 'recorder');
    guestValuer = await enterAsGuest(ctx, kit.recorder.token, 'valuers');
    guestPhoto = await uploadPhoto(ctx, guest.token, 180);
  });

  const call = async (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    outcome(ctx, await ctx.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) }));
  const customerOf = async (enrollmentId: number) => {
    const [row] = await ctx.app.db
      .select({ id: enrollments.customerId })
      .from(enrollments)
      .where(eq(enrollments.id, enrollmentId));
    return row?.id ?? null;
  };
  const registerAs = async (token: string, customer: Record<string, unknown>, photo?: string) => {
    const pics = photo ? { size_pics: [photo], weight_pics: [], product_pics: [photo], accessory_pics: [photo] } : {};
    const answer = outcome(ctx, await enroll(ctx, token, enrollBody([commodityInput(kit, pics)], customer)));
    expect(answer.code, JSON.stringify(answer)).toBe(0);
    return answer.data as { id: number; commodities: { id: number }[]; replayed: boolean };
  };

  it('finds a returning customer by phone and name, links the visits and keeps what was given each day', async () => {
    const first = await registerAs(kit.recorder.token, {
      customer_name: '周女士',
      customer_phone: '139 2222 0001',
      customer_address: '上海市',
    });
    const customerId = await customerOf(first.id);
    expect(customerId).not.toBeNull();
    // The same person typed with other spacing and no address: the same record, the address kept.
    const second = await registerAs(kit.recorder.token, {
      customer_name: '周女士',
      customer_phone: '13922220001',
      customer_address: '',
    });
    expect(await customerOf(second.id)).toBe(customerId);
    // Another name on the same phone is another customer.
    const other = await registerAs(kit.recorder.token, { customer_name: '周先生', customer_phone: '13922220001' });
    expect(await customerOf(other.id)).not.toBe(customerId);

    const detail = await call(kit.recorder.token, 'GET', `/api/customers/${customerId}`);
    expect(detail.code).toBe(0);
    expect(detail.data).toMatchObject({ name: '周女士', phone: '13922220001', address: '上海市' });
    expect(detail.data.visits.map((visit: { id: number }) => visit.id)).toEqual([second.id, first.id]);
    const listed = await call(kit.recorder.token, 'GET', '/api/customers?keyword=1392222');
    expect(listed.data.items.map((c: { id: number; visits: number }) => [c.id, c.visits])).toContainEqual([
      customerId,
      2,
    ]);
    expect(detail.data.visits[0].commodities[0]).toMatchObject({ id: second.commodities[0]?.id, status: 10 });
    // The enrollment keeps the details as given that day.
    const [given] = await ctx.app.db.select().from(enrollments).where(eq(enrollments.id, first.id));
    expect(given).toMatchObject({ customerPhone: '139 2222 0001', customerAddress: '上海市' });

    // The commodity detail links the recorder to the customer; a valuer gets no id.
    const item = first.commodities[0]?.id ?? 0;
    expect(outcome(ctx, await getDetail(ctx, kit.recorder.token, item)).data.enrollment.customer_id).toBe(customerId);
    expect(outcome(ctx, await getDetail(ctx, kit.valuer1.token, item)).data.enrollment.customer_id).toBeNull();
  });

  it('links the customer picked, refreshes its contact details and activity, and keeps enrollment idempotent', async () => {
    const created = await call(kit.recorder.token, 'POST', '/api/customers', {
      name: '陈先生',
      phone: '13933330001',
      address: '北京市',
      occupation: '教师',
      birth_date: '1980-02-03',
    });
    expect(created.code).toBe(0);
    const id = created.data.id as number;
    await ctx.app.db
      .update(customers)
      .set({ lastActivityAt: new Date('2024-01-01T00:00:00Z') })
      .where(eq(customers.id, id));
    const body = enrollBody([commodityInput(kit)], {
      customer_id: id,
      customer_name: '陈先生',
      customer_phone: '139-3333-0002',
      customer_address: '',
    });
    const first = outcome(ctx, await enroll(ctx, kit.recorder.token, body));
    expect(first.code).toBe(0);
    expect(await customerOf(first.data.id)).toBe(id);
    const [row] = await ctx.app.db.select().from(customers).where(eq(customers.id, id));
    expect(row).toMatchObject({
      phone: '139-3333-0002',
      address: '北京市',
      occupation: '教师',
      birthDate: '1980-02-03',
    });
    expect(row?.lastActivityAt.getTime()).toBeGreaterThan(Date.now() - 60_000);

    // A retried submit answers the first enrollment; the same key with another customer is refused.
    const again = outcome(ctx, await enroll(ctx, kit.recorder.token, body));
    expect(again.data).toEqual({ ...first.data, replayed: true });
    const other = outcome(ctx, await enroll(ctx, kit.recorder.token, { ...body, customer_id: null }));
    expect(other.code).toBe(4014);
    // Without a customer id the body hashes as it did before customers were records.
    const plain = enrollBody([commodityInput(kit)]);
    const plainFirst = outcome(ctx, await enroll(ctx, kit.recorder.token, plain));
    expect(outcome(ctx, await enroll(ctx, kit.recorder.token, { ...plain, customer_id: null })).data).toEqual({
      ...plainFirst.data,
      replayed: true,
    });

    const missing = outcome(
      ctx,
      await enroll(ctx, kit.recorder.token, enrollBody([commodityInput(kit)], { customer_id: 999_999 })),
    );
    expect({ code: missing.code, field: missing.data?.field }).toEqual({ code: 1001, field: 'customer_id' });
  });

  it('searches by phone prefix (digits) and by name, in cursor pages', async () => {
    for (const [name, phone] of [
      ['林一', '13944440001'],
      ['林二', '139 4444 0002'],
      ['Hayashi Mika', '+81 90 4444 0003'],
    ]) {
      expect((await call(kit.recorder.token, 'POST', '/api/customers', { name, phone })).code).toBe(0);
    }
    const search = async (keyword: string, extra = '') =>
      (await call(kit.recorder.token, 'GET', `/api/customers?keyword=${encodeURIComponent(keyword)}${extra}`)).data;
    expect((await search('1394444')).items.map((c: { name: string }) => c.name)).toEqual(['林二', '林一']);
    expect((await search('139 4444 00')).items).toHaveLength(2);
    expect((await search('+81 90')).items.map((c: { name: string }) => c.name)).toEqual(['Hayashi Mika']);
    expect((await search('mika')).items).toHaveLength(1);
    expect((await search('4444')).items).toHaveLength(0);
    const page = await search('1394444', '&limit=1');
    expect(page.items).toHaveLength(1);
    const next = await search('1394444', `&limit=1&cursor=${page.next_cursor}`);
    expect(next.items[0].name).toBe('林一');
    expect(next.next_cursor).toBeNull();
  });

  it('shows a guest recorder only the customers of their own registrations, and refuses the others', async () => {
    const staff = await registerAs(kit.recorder.token, { customer_name: '吴女士', customer_phone: '13955550001' });
    const staffCustomer = await customerOf(staff.id);
    // The guest types the same name and phone: a record of their own, not the staff one.
    const mine = await registerAs(guest.token, { customer_name: '吴女士', customer_phone: '13955550001' }, guestPhoto);
    const guestCustomer = await customerOf(mine.id);
    expect(guestCustomer).not.toBe(staffCustomer);

    const list = await call(guest.token, 'GET', '/api/customers?keyword=1395555');
    expect(list.data.items.map((c: { id: number }) => c.id)).toEqual([guestCustomer]);
    expect((await call(guest.token, 'GET', `/api/customers/${staffCustomer}`)).code).toBe(1002);
    const own = await call(guest.token, 'GET', `/api/customers/${guestCustomer}`);
    expect(own.data.visits).toHaveLength(1);
    expect(own.data.identity_check_count).toBe(0);

    // A record someone else created, with a registration of the guest's (customers from before
    // records existed): the guest sees it, and only their own visit.
    await ctx.app.db.update(enrollments).set({ customerId: staffCustomer }).where(eq(enrollments.id, mine.id));
    const shared = await call(guest.token, 'GET', `/api/customers/${staffCustomer}`);
    expect(shared.data.visits.map((visit: { id: number }) => visit.id)).toEqual([mine.id]);
    const sharedList = await call(guest.token, 'GET', '/api/customers?keyword=1395555');
    // Their own record stays theirs (they created it), now without visits.
    expect(sharedList.data.items.map((c: { id: number; visits: number }) => [c.id, c.visits])).toEqual([
      [guestCustomer, 0],
      [staffCustomer, 1],
    ]);
    expect((await call(kit.recorder.token, 'GET', `/api/customers/${staffCustomer}`)).data.visits).toHaveLength(2);
    await ctx.app.db.update(enrollments).set({ customerId: guestCustomer }).where(eq(enrollments.id, mine.id));

    const linked = outcome(
      ctx,
      await enroll(
        ctx,
        guest.token,
        enrollBody(
          [
            commodityInput(kit, {
              size_pics: [guestPhoto],
              weight_pics: [],
              product_pics: [guestPhoto],
              accessory_pics: [guestPhoto],
            }),
          ],
          { customer_id: staffCustomer },
        ),
      ),
    );
    expect({ code: linked.code, field: linked.data?.field }).toEqual({ code: 1001, field: 'customer_id' });
  });

  it('refuses every customer call to valuers, staff or guest', async () => {
    const [{ id } = { id: 0 }] = await ctx.app.db.select({ id: customers.id }).from(customers).limit(1);
    for (const valuer of [kit.valuer1, guestValuer]) {
      expect((await call(valuer.token, 'GET', '/api/customers')).code).toBe(5000);
      expect((await call(valuer.token, 'GET', `/api/customers/${id}`)).code).toBe(5000);
      expect((await call(valuer.token, 'POST', '/api/customers', { name: 'V', phone: '13900000000' })).code).toBe(5000);
      expect(
        (await call(valuer.token, 'POST', `/api/customers/${id}/update`, { name: 'V', phone: '13900000000' })).code,
      ).toBe(5000);
    }
  });

  it('a valuer and a guest can read no identity data; a staff recorder reads it masked, and every read is recorded', async () => {
    const visit = await registerAs(kit.recorder.token, { customer_name: '郑先生', customer_phone: '13966660001' });
    const customerId = (await customerOf(visit.id)) ?? 0;
    const { payload, contentType } = await photoUpload(120, { kind: 'document' });
    const photo = ctx.json(
      await ctx.app.inject({
        method: 'POST',
        url: '/api/upload/private',
        headers: { ...bearer(kit.recorder.token), 'content-type': contentType },
        payload,
      }),
    ).data;
    const number = 'AB1234567890';
    await ctx.app.db.insert(identityChecks).values({
      customerId,
      documentType: 'passport',
      documentNumberSealed: seal(number, ctx.config.identityKey),
      documentNumberHint: hintOf(number),
      documentPics: [photo.name],
      name: '郑先生',
      address: '广州市',
      occupation: '会社員',
      birthDate: '1970-01-01',
      checkedBy: kit.recorder.id,
    });
    const views = async () =>
      (await ctx.app.db.select({ n: count() }).from(identityViews).where(eq(identityViews.customerId, customerId)))[0]
        ?.n ?? 0;
    const url = `/api/customers/${customerId}/identity-checks`;

    // Refused, and nothing recorded: valuers by role, guests by being guests.
    expect((await call(kit.valuer1.token, 'GET', url)).code).toBe(2032);
    expect((await call(guestValuer.token, 'GET', url)).code).toBe(2031);
    expect((await call(guest.token, 'GET', url)).code).toBe(2031);
    expect(await views()).toBe(0);
    // Nothing of it in what they may read either.
    const forValuer = outcome(ctx, await getDetail(ctx, kit.valuer1.token, visit.commodities[0]?.id ?? 0));
    expect(withoutPhotoNames(forValuer.data)).not.toMatch(/7890|郑先生|广州市|13966660001/);
    expect(forValuer.data.enrollment.customer_id).toBeNull();

    const detail = await call(kit.recorder.token, 'GET', `/api/customers/${customerId}`);
    expect(detail.data.identity_check_count).toBe(1);
    expect(withoutPhotoNames(detail.data)).not.toContain('7890');
    expect(await views()).toBe(0);

    const checks = await call(kit.recorder.token, 'GET', url);
    expect(checks.code).toBe(0);
    expect(checks.data).toMatchObject([
      { document_type: 'passport', document_number_masked: '****7890', checked_by: { id: kit.recorder.id } },
    ]);
    expect(JSON.stringify(checks.data)).not.toContain(number);
    const [pic] = checks.data[0].document_pics;
    expect(pic.url).toMatch(/^\/api\/private-files\/p-[a-f0-9]{32}\.jpg\?exp=\d+&sig=/);
    const image = await ctx.app.inject({ method: 'GET', url: pic.thumb_url });
    expect(image.statusCode).toBe(200);
    const rows = await ctx.app.db
      .select({ subject: identityViews.subject, ref: identityViews.ref, viewer: identityViews.viewerId })
      .from(identityViews)
      .where(and(eq(identityViews.customerId, customerId)));
    expect(rows).toEqual(
      expect.arrayContaining([
        { subject: 'identity', ref: expect.any(String), viewer: kit.recorder.id },
        { subject: 'document-photo', ref: photo.name, viewer: kit.recorder.id },
      ]),
    );
    expect(rows).toHaveLength(2);
  });

  it('refuses to edit or link an anonymized customer', async () => {
    const created = await call(kit.recorder.token, 'POST', '/api/customers', { name: '旧客', phone: '13977770001' });
    const id = created.data.id as number;
    await ctx.app.db
      .update(customers)
      .set({ name: '', phone: '', anonymizedAt: new Date() })
      .where(eq(customers.id, id));
    expect(
      (await call(kit.recorder.token, 'POST', `/api/customers/${id}/update`, { name: 'X', phone: '13977770001' })).code,
    ).toBe(5001);
    const linked = outcome(
      ctx,
      await enroll(
        ctx,
        kit.recorder.token,
        enrollBody([commodityInput(kit)], { customer_id: id, idempotency_key: randomUUID() }),
      ),
    );
    expect(linked.code).toBe(5001);
    // Anonymized customers are not listed.
    const list = await call(kit.recorder.token, 'GET', '/api/customers?limit=50');
    expect(list.data.items.map((c: { id: number }) => c.id)).not.toContain(id);
  });
});
