import { beforeAll, expect, it } from 'vitest';
import {
  act,
  commodityInput,
  enroll,
  enrollBody,
  enterAsGuest,
  getDetail,
  type Kit,
  outcome,
  type Person,
  prepareKit,
  uploadPhoto,
} from '../../test/commodity-kit.ts';
import { bearer, describeOnDatabases } from '../../test/test-app.ts';

// PRODUCT.md "Beyond the SPEC": recorders see a customer whole; valuers, staff or guest, see the
// name's initial only, and nothing of the phone, address or contact reaches them.

const NAME = '张女士';
const PHONE = '13912345678';
const ADDRESS = '上海市静安区';
const NEW_ADDRESS = '上海市徐汇区';
const WHOLE = [NAME, PHONE, ADDRESS, NEW_ADDRESS, '女士', '1391234'];

/** None of the customer's data anywhere in an answer (history included). */
function expectNothingOfTheCustomer(answer: unknown) {
  const text = JSON.stringify(answer);
  for (const piece of WHOLE) expect(text, piece).not.toContain(piece);
}

describeOnDatabases('customer data by role', (ctx) => {
  let kit: Kit;
  let guestValuer: Person;
  let id: number;
  let no: string;

  const get = async (person: Person, url: string) =>
    outcome(ctx, await ctx.app.inject({ method: 'GET', url, headers: { ...bearer(person.token), lang: 'en' } }));
  const detail = async (person: Person, commodity = id) => outcome(ctx, await getDetail(ctx, person.token, commodity));
  const listed = async (person: Person, query: string) =>
    (await get(person, `/api/commodities?${query}`)).data.items as { id: number; customer_name: string }[];

  beforeAll(async () => {
    kit = await prepareKit(ctx);
    guestValuer = await enterAsGuest(ctx, kit.recorder.token, 'valuers');
    const enrolled = outcome(
      ctx,
      await enroll(
        ctx,
        kit.recorder.token,
        enrollBody([commodityInput(kit)], { customer_name: NAME, customer_phone: PHONE, customer_address: ADDRESS }),
      ),
    );
    expect(enrolled.code).toBe(0);
    ({ id, no } = enrolled.data.commodities[0]);
    // The recorder corrects the address: the history holds the old and the new one.
    const updated = outcome(
      ctx,
      await act(ctx, kit.recorder.token, id, 'update', {
        ...commodityInput(kit),
        customer_name: NAME,
        customer_phone: PHONE,
        customer_address: NEW_ADDRESS,
        version: 0,
      }),
    );
    expect(updated.code).toBe(0);
    const distributed = outcome(
      ctx,
      await act(ctx, kit.recorder.token, 'distribute', '', {
        items: [{ id, version: updated.data.version }],
        valuer_id: guestValuer.id,
      }),
    );
    expect(distributed).toMatchObject({ code: 0 });
  });

  it('gives a recorder the customer whole, history included', async () => {
    const { data } = await detail(kit.recorder);
    expect(data.enrollment).toMatchObject({
      customer_name: NAME,
      customer_phone: PHONE,
      customer_address: NEW_ADDRESS,
      customer_masked: false,
    });
    expect(data.history.find((event: { action: string }) => event.action === 'update').changes).toMatchObject({
      customer_address: [ADDRESS, NEW_ADDRESS],
    });
    expect((await listed(kit.recorder, `keyword=${PHONE}`)).find((item) => item.id === id)?.customer_name).toBe(NAME);
  });

  it('gives a staff valuer the initial only, in the detail, its history and the list', async () => {
    const answer = await detail(kit.valuer2);
    expect(answer.code).toBe(0);
    expect(answer.data.enrollment).toMatchObject({
      customer_name: '张**',
      customer_phone: '',
      customer_address: '',
      customer_masked: true,
    });
    expectNothingOfTheCustomer(answer.data);
    // The recorder's page of the list was asked first: the valuer's is not served from it.
    await listed(kit.recorder, 'tab=appraisal');
    const page = await listed(kit.valuer2, 'tab=appraisal');
    expect(page.find((item) => item.id === id)?.customer_name).toBe('张**');
    expectNothingOfTheCustomer(page);
  });

  it("does not let a valuer search by a customer's phone", async () => {
    expect((await listed(kit.valuer2, `keyword=${PHONE}`)).map((item) => item.id)).not.toContain(id);
    expect((await listed(kit.valuer2, `keyword=${PHONE.slice(0, 4)}`)).map((item) => item.id)).not.toContain(id);
    expect((await listed(kit.valuer2, `keyword=${no}`)).map((item) => item.id)).toEqual([id]);
  });

  it('gives a guest valuer the initial only, in the detail, the list and an action', async () => {
    const answer = await detail(guestValuer);
    expect(answer.code).toBe(0);
    expect(answer.data.enrollment).toMatchObject({ customer_name: '张**', customer_masked: true });
    expectNothingOfTheCustomer(answer.data);
    const page = await listed(guestValuer, 'tab=all');
    expect(page.map((item) => item.id)).toContain(id);
    expectNothingOfTheCustomer(page);
    const started = outcome(
      ctx,
      await act(ctx, guestValuer.token, id, 'start-appraisal', { version: answer.data.version }),
    );
    expect(started.code).toBe(0);
    expectNothingOfTheCustomer(started.data);
  });

  it('gives a guest recorder their own customer whole', async () => {
    const guest = await enterAsGuest(ctx, kit.recorder.token, 'recorder');
    const photo = await uploadPhoto(ctx, guest.token, 200);
    const own = outcome(
      ctx,
      await enroll(
        ctx,
        guest.token,
        enrollBody(
          [
            commodityInput(kit, {
              size_pics: [photo],
              weight_pics: [photo],
              product_pics: [photo],
              accessory_pics: [photo],
            }),
          ],
          { customer_name: 'Jane Doe', customer_phone: '13900001111' },
        ),
      ),
    );
    expect(own.code).toBe(0);
    const { data } = await detail(guest, own.data.commodities[0].id);
    expect(data.enrollment).toMatchObject({
      customer_name: 'Jane Doe',
      customer_phone: '13900001111',
      customer_masked: false,
    });
  });

  it("gives a valuer an inquiry without the customer's name or contact", async () => {
    const post = await ctx.app.inject({
      method: 'POST',
      url: '/api/inquiries',
      headers: bearer(kit.recorder.token),
      payload: { customer_name: 'Jane Doe', contact: 'line: jane88', product_name: 'Tank watch', source: 'line' },
    });
    const created = outcome(ctx, post);
    expect(created.data).toMatchObject({ customer_name: 'Jane Doe', contact: 'line: jane88' });
    const inquiry = created.data.id;
    const seen = await get(kit.valuer1, `/api/inquiries/${inquiry}`);
    expect(seen.data).toMatchObject({ customer_name: 'J**', contact: '' });
    const page = (await get(kit.valuer1, '/api/inquiries?page_size=100')).data.items;
    expect(page.find((item: { id: number }) => item.id === inquiry)).toMatchObject({
      customer_name: 'J**',
      contact: '',
    });
    expect(JSON.stringify(page)).not.toContain('jane88');
    expect((await get(kit.recorder, `/api/inquiries/${inquiry}`)).data.contact).toBe('line: jane88');
  });
});
