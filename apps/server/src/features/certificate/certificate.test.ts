import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import {
  commodities,
  enrollments,
  loginThrottles,
  verificationLinks,
  watchMatches,
  watchNotices,
} from '../../db/schema.ts';
import { enterAsGuest, insertAt, type Kit, prepareKit, step, uploadPhoto } from '../../test/commodity-kit.ts';
import { drawnPages } from '../../test/pdf-glyphs.ts';
import { DEMO_WATERMARK, LICENCE_LINE, NAMED_SHOP, nameTheShop } from '../../test/shop-details.ts';
import { bearer, describeOnDatabases } from '../../test/test-app.ts';
import { thumbName, verifyClock } from './certificate.service.ts';

/** A built web app of one page, so that a path it would answer with its shell shows it. */
const WEB_APP_SHELL = '<div id="root">staff app shell</div>';
const webDist = mkdtempSync(path.join(os.tmpdir(), 'jewel-web-'));
writeFileSync(path.join(webDist, 'index.html'), `<!doctype html><html><body>${WEB_APP_SHELL}</body></html>`);

const CUSTOMER = { name: 'Zebulon Quillfeather', phone: '13987654321', address: '7 Verify Lane, Uniqueville' };

describeOnDatabases(
  'certificates and the verification page',
  (ctx) => {
    let kit: Kit;
    /** Each test's visits come from their own address, so that the throttle of one leaves the others alone. */
    let address = 0;
    const nextAddress = () => `10.0.${Math.floor(++address / 250)}.${address % 250}`;

    beforeAll(async () => {
      kit = await prepareKit(ctx);
    }, 60_000);

    /** An identified item whose customer has distinctive details. */
    const identified = async (situation: 'identifiedByAgreement' | 'identifiedQuick' = 'identifiedByAgreement') => {
      const id = await insertAt(ctx, kit, situation);
      const [row] = await ctx.app.db.select().from(commodities).where(eq(commodities.id, id));
      await ctx.app.db
        .update(enrollments)
        .set({ customerName: CUSTOMER.name, customerPhone: CUSTOMER.phone, customerAddress: CUSTOMER.address })
        .where(eq(enrollments.id, row?.enrollmentId ?? 0));
      return { id, no: row?.no ?? '' };
    };

    const download = (id: number, token = kit.recorder.token, lang = 'en') =>
      ctx.app.inject({
        method: 'GET',
        url: `/api/commodities/${id}/certificate?lang=${lang}`,
        headers: { ...bearer(token), lang: 'en' },
      });

    const linkOf = async (id: number) =>
      ctx.app.db.select().from(verificationLinks).where(eq(verificationLinks.commodityId, id));

    const visit = (url: string, ip = '10.9.9.9', headers: Record<string, string> = {}) =>
      ctx.app.inject({ method: 'GET', url, remoteAddress: ip, headers });

    it('refuses a certificate before the item is identified, and to guests', async () => {
      const waiting = await insertAt(ctx, kit, 'pendingComprehensive');
      const refused = await download(waiting);
      expect(refused.statusCode).toBe(409);
      expect(ctx.json(refused)).toMatchObject({ code: 5050 });
      expect(await linkOf(waiting)).toEqual([]);
      const guest = await enterAsGuest(ctx, kit.recorder.token, 'recorder');
      const { id } = await identified();
      expect((await download(id, guest.token)).statusCode).toBe(403);
    });

    it('issues a PDF with one verification id per result, in any language', async () => {
      const { id, no } = await identified();
      const first = await download(id);
      expect(first.statusCode).toBe(200);
      expect(first.headers['content-type']).toBe('application/pdf');
      expect(first.headers['content-disposition']).toBe(`attachment; filename="certificate-${no}-en.pdf"`);
      expect(first.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      // The document's title names the item.
      expect(first.rawPayload.toString('latin1')).toContain(no);
      // Its text (where poppler's pdftotext is installed): the item and the verdict, no customer.
      const text = spawnSync('pdftotext', ['-', '-'], { input: first.rawPayload, encoding: 'utf8' });
      if (!text.error) {
        expect(text.stdout).toContain(no);
        expect(text.stdout).toContain('Genuine');
        for (const secret of Object.values(CUSTOMER)) expect(text.stdout).not.toContain(secret);
        expect(text.stdout).not.toContain('20,000');
      }
      const [link] = await linkOf(id);
      expect(link).toMatchObject({ kind: 'certificate', commodityId: id });
      expect(link?.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
      // Again, by a valuer and in Japanese: the same link.
      const again = await download(id, kit.valuer2.token, 'ja');
      expect(again.statusCode).toBe(200);
      expect(again.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      expect((await linkOf(id)).map((row) => row.id)).toEqual([link?.id]);
    });

    it("marks the demo's certificate DEMO across its page, in the reader's language (issue 28)", async () => {
      const { id } = await identified();
      for (const lang of ['zh-Hans', 'zh-Hant', 'en', 'ja'] as const) {
        const pages = drawnPages((await download(id, kit.recorder.token, lang)).rawPayload);
        expect(pages.map((page) => page.text.split(DEMO_WATERMARK[lang]).length - 1)).toEqual([1]);
      }
    });

    it('shows the verdict and nothing private, in the visitor language, cached, without scripts', async () => {
      const { id, no } = await identified();
      await download(id);
      const [link] = await linkOf(id);
      const page = await visit(`/verify/${link?.id}`, nextAddress(), { 'accept-language': 'ja,en;q=0.5' });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.headers['cache-control']).toBe('public, max-age=300');
      expect(page.headers.etag).toBeTruthy();
      expect(page.headers['x-robots-tag']).toContain('noindex');
      expect(page.headers['referrer-policy']).toBe('no-referrer');
      const html = page.body;
      expect(html).toContain('<html lang="ja">');
      expect(html).toContain('本物');
      // The certificate's number, as printed at its foot (issue 29 item 2).
      expect(html).toContain(`<dt>鑑定書番号</dt><dd>${link?.id}</dd>`);
      // The suite's shop runs on the demo data (issue 28): its pages say so, first thing.
      expect(html).toContain(
        '<p class="demo" role="note">デモデータです。実在の店舗が発行した証明書ではありません。</p>',
      );
      expect(html).toContain(no);
      expect(html).not.toContain('<script');
      for (const secret of [
        CUSTOMER.name,
        CUSTOMER.phone,
        CUSTOMER.address,
        '20000',
        '24000',
        '/api/files/',
        kit.recorder.name,
      ]) {
        expect(html).not.toContain(secret);
      }
      // Its photos are served by the page's own route, without storage names.
      expect(html).toContain(`/verify/${link?.id}/photos/0`);
      const english = await visit(`/verify/${link?.id}?lang=en`, nextAddress());
      expect(english.body).toContain('<html lang="en">');
      expect(english.body).toContain('Genuine');
      const cached = await visit(`/verify/${link?.id}?lang=en`, nextAddress(), {
        'if-none-match': String(english.headers.etag),
      });
      expect(cached.statusCode).toBe(304);
    });

    it("serves only the link's own item photos, and none past the shown ones", async () => {
      const { id } = await identified();
      await download(id);
      const [link] = await linkOf(id);
      const ip = nextAddress();
      const photo = await visit(`/verify/${link?.id}/photos/0`, ip);
      expect(photo.statusCode).toBe(200);
      expect(photo.headers['content-type']).toBe('image/jpeg');
      const [item] = await ctx.app.db.select().from(commodities).where(eq(commodities.id, id));
      const count = item?.productPics.length ?? 0;
      expect((await visit(`/verify/${link?.id}/photos/${count}`, ip)).statusCode).toBe(404);
      expect((await visit(`/verify/${link?.id}/photos/x`, ip)).statusCode).toBe(404);
      expect((await visit(`/verify/${link?.id}/photos/../../api/files`, ip)).statusCode).toBe(404);
    });

    it("prints the shop's logo and seal once a manager sets them (issue 29 item 2)", async () => {
      const { id } = await identified();
      const images = (pdf: Buffer) => pdf.toString('latin1').match(/\/Subtype \/Image/g)?.length ?? 0;
      const before = images((await download(id)).rawPayload);
      const manager = await ctx.login('13800000005');
      const setImages = (body: object) =>
        ctx.app.inject({ method: 'PUT', url: '/api/shop/images', headers: bearer(manager), payload: body });
      const logo = await uploadPhoto(ctx, manager, 40);
      const seal = await uploadPhoto(ctx, manager, 220);
      expect((await setImages({ logo, seal })).statusCode).toBe(200);
      try {
        expect(images((await download(id)).rawPayload)).toBe(before + 2);
      } finally {
        expect((await setImages({ logo: null, seal: null })).statusCode).toBe(200);
      }
      expect(images((await download(id)).rawPayload)).toBe(before);
    });

    it('never shows a photo kept though blurred or dark: the next good one takes its place', async () => {
      const { id } = await identified();
      const blurred = await uploadPhoto(ctx, kit.recorder.token, 150, { flag: 'blurred' });
      const dark = await uploadPhoto(ctx, kit.recorder.token, 5, { flag: 'dark' });
      const [good = ''] = kit.photos;
      await ctx.app.db
        .update(commodities)
        .set({ productPics: [blurred, good, dark] })
        .where(eq(commodities.id, id));
      await download(id);
      const [link] = await linkOf(id);
      const ip = nextAddress();
      const page = await visit(`/verify/${link?.id}?lang=en`, ip);
      expect(page.body).toContain(`/verify/${link?.id}/photos/0`);
      expect(page.body).not.toContain(`/verify/${link?.id}/photos/1`);
      // The one photo shown is the good one's thumbnail, byte for byte.
      const shown = await visit(`/verify/${link?.id}/photos/0`, ip);
      const stored = await ctx.app.storage.get(thumbName(good));
      if (!stored) throw new Error('the good photo has no thumbnail');
      expect(shown.rawPayload.equals(await buffer(stored.stream))).toBe(true);
      expect((await visit(`/verify/${link?.id}/photos/1`, ip)).statusCode).toBe(404);
    });

    it('prints the photos a valuer chose, in their order, a flagged one too; a recorder may not choose', async () => {
      const { id } = await identified();
      const blurred = await uploadPhoto(ctx, kit.recorder.token, 150, { flag: 'blurred' });
      const [good = '', other = ''] = kit.photos;
      await ctx.app.db
        .update(commodities)
        .set({ productPics: [good, blurred, other] })
        .where(eq(commodities.id, id));
      const choose = (token: string, photos: string[] | null) =>
        ctx.app.inject({
          method: 'PUT',
          url: `/api/commodities/${id}/certificate-photos`,
          headers: { ...bearer(token), lang: 'en' },
          payload: { photos },
        });
      const chosenPics = async () =>
        (await ctx.app.db.select().from(commodities).where(eq(commodities.id, id)))[0]?.certificatePics;
      // Refused, changing nothing: a recorder; a photo that is not one of the item's; one twice.
      expect(ctx.json(await choose(kit.recorder.token, [other]))).toMatchObject({ code: 1003 });
      expect(ctx.json(await choose(kit.valuer1.token, [other, kit.photos[2] ?? '']))).toMatchObject({
        code: 1001,
        data: { field: 'photos.1' },
      });
      expect(ctx.json(await choose(kit.valuer1.token, [other, other]))).toMatchObject({ code: 1001 });
      expect(await chosenPics()).toBeNull();

      // Chosen: the other one first, then the blurred one (chosen, it is meant).
      expect(ctx.json(await choose(kit.valuer1.token, [other, blurred])).data).toEqual({ photos: [other, blurred] });
      await download(id);
      const [link] = await linkOf(id);
      const ip = nextAddress();
      const thumbOf = async (photo: string) => {
        const stored = await ctx.app.storage.get(thumbName(photo));
        if (!stored) throw new Error('no thumbnail');
        return buffer(stored.stream);
      };
      expect((await visit(`/verify/${link?.id}/photos/0`, ip)).rawPayload.equals(await thumbOf(other))).toBe(true);
      expect((await visit(`/verify/${link?.id}/photos/1`, ip)).rawPayload.equals(await thumbOf(blurred))).toBe(true);
      expect((await visit(`/verify/${link?.id}/photos/2`, ip)).statusCode).toBe(404);
      const detail = ctx.json(
        await ctx.app.inject({ method: 'GET', url: `/api/commodities/${id}`, headers: bearer(kit.valuer1.token) }),
      ).data;
      expect(detail.certificate_pics).toEqual([other, blurred]);

      // Back to the default: the good photos, the blurred one left out.
      expect(ctx.json(await choose(kit.valuer2.token, null)).data).toEqual({ photos: null });
      expect((await visit(`/verify/${link?.id}/photos/1`, nextAddress())).rawPayload.equals(await thumbOf(other))).toBe(
        true,
      );
    });

    it('says superseded after a re-assessment, without the old result or photos', async () => {
      const { id } = await identified('identifiedQuick');
      await download(id);
      const [link] = await linkOf(id);
      await step(ctx, kit.recorder, id, 'reassess', { revisit_type: 1, reason: 'customer doubts' }, 20);
      const page = await visit(`/verify/${link?.id}?lang=en`, nextAddress());
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('This certificate has been superseded');
      expect(page.body).not.toContain('Genuine');
      expect(page.body).not.toContain('/photos/');
      expect((await visit(`/verify/${link?.id}/photos/0`, nextAddress())).statusCode).toBe(404);
      // No certificate while the new round runs.
      expect(ctx.json(await download(id))).toMatchObject({ code: 5050 });
    });

    it('says "under review", never the result, while a watch-list match of the item waits (issue 29 item 3)', async () => {
      const { id, no } = await identified();
      await download(id);
      const [certificateLink] = await linkOf(id);
      const tagId = randomBytes(16).toString('base64url');
      await ctx.app.db
        .insert(verificationLinks)
        .values({ id: tagId, kind: 'tag', commodityId: id, createdBy: kit.recorder.id });
      const reference = 'POLICE-NOTICE-4711';
      const [notice] = await ctx.app.db
        .insert(watchNotices)
        .values({ source: 'police', reference, brand: 'Rolex', createdBy: kit.recorder.id })
        .returning();
      const [match] = await ctx.app.db
        .insert(watchMatches)
        .values({ noticeId: notice?.id ?? 0, commodityId: id, matchedOn: 'serial', stage: 'update' })
        .returning();

      for (const linkId of [certificateLink?.id, tagId]) {
        const page = await visit(`/verify/${linkId}?lang=en`, nextAddress());
        expect(page.statusCode).toBe(200);
        expect(page.body).toContain('Under review');
        expect(page.body).toContain(no);
        expect(page.body).not.toContain('Genuine');
        // Nothing of the alert reaches the public: its holder must not be tipped off.
        expect(page.body).not.toContain(reference);
        expect(page.body).not.toContain('/photos/');
        expect((await visit(`/verify/${linkId}/photos/0`, nextAddress())).statusCode).toBe(404);
      }

      // Acknowledged by the shop (not the stolen item): the result shows again.
      await ctx.app.db
        .update(watchMatches)
        .set({
          acknowledgedAt: new Date(),
          acknowledgedBy: kit.recorder.id,
          reason: 'other serial',
          acknowledgedAlone: true,
        })
        .where(eq(watchMatches.id, match?.id ?? 0));
      for (const linkId of [certificateLink?.id, tagId]) {
        const page = await visit(`/verify/${linkId}?lang=en`, nextAddress());
        expect(page.body).toContain('Genuine');
        expect(page.body).not.toContain('Under review');
      }
    });

    it('shows a tag the current result, or "appraisal in progress"', async () => {
      const tagged = await identified();
      const waiting = await insertAt(ctx, kit, 'pendingAppraisal');
      const tag = async (commodityId: number) => {
        const linkId = randomBytes(16).toString('base64url');
        await ctx.app.db
          .insert(verificationLinks)
          .values({ id: linkId, kind: 'tag', commodityId, createdBy: kit.recorder.id });
        return linkId;
      };
      const done = await visit(`/verify/${await tag(tagged.id)}?lang=en`, nextAddress());
      expect(done.body).toContain('Genuine');
      // A tag is no certificate: no certificate number.
      expect(done.body).not.toContain('Certificate ID');
      const open = await visit(`/verify/${await tag(waiting)}?lang=en`, nextAddress());
      expect(open.body).toContain('Appraisal in progress');
      expect(open.body).not.toContain('Genuine');
    });

    /** Misses counted for an address (the throttle's row), 0 when none. */
    const missesOf = async (ip: string) =>
      (
        await ctx.app.db
          .select()
          .from(loginThrottles)
          .where(eq(loginThrottles.key, `verify:${ip}`))
      )[0]?.failures ?? 0;

    /** Runs `body` with the verification clock recording how long each miss was held, instead of waiting. */
    const withClock = async (body: (held: number[]) => Promise<void>) => {
      const held: number[] = [];
      const wait = verifyClock.wait;
      verifyClock.wait = async (ms) => {
        held.push(ms);
      };
      try {
        await body(held);
      } finally {
        verifyClock.wait = wait;
      }
    };

    it('slows misses instead of refusing them, and answers a valid id at once after 25 misses (issue 27, item 15)', async () => {
      const { id } = await identified();
      await download(id);
      const [link] = await linkOf(id);
      const ip = nextAddress();
      await withClock(async (held) => {
        const reported: number[] = [];
        for (let i = 0; i < 25; i++) {
          const miss = await visit(`/verify/${randomBytes(16).toString('base64url')}`, ip);
          // Never 429: a miss is a 404, held longer and longer.
          expect(miss.statusCode).toBe(404);
          expect(miss.headers['retry-after']).toBeUndefined();
          reported.push(Number(/miss-delay;dur=(\d+)/.exec(String(miss.headers['server-timing']))?.[1]));
        }
        // Five free misses (a customer mistyping), then 0.5 s doubling per miss, at most 8 s.
        expect(reported).toEqual([0, 0, 0, 0, 0, 500, 1000, 2000, 4000, 8000, ...Array(15).fill(8000)]);
        expect(held).toEqual(reported.filter((ms) => ms > 0));
        expect(await missesOf(ip)).toBe(25);

        // A real certificate from the same address: 200, not held, not counted, again and again.
        held.length = 0;
        for (let i = 0; i < 25; i++) {
          const page = await visit(`/verify/${link?.id}`, ip);
          expect(page.statusCode).toBe(200);
          expect(page.headers['server-timing']).toBeUndefined();
        }
        expect(held).toEqual([]);
        expect(await missesOf(ip)).toBe(25);
        // Another address starts with free misses.
        const other = nextAddress();
        const first = await visit(`/verify/${randomBytes(16).toString('base64url')}`, other);
        expect(first.headers['server-timing']).toBe('miss-delay;dur=0');
      });
    });

    it('answers every other path under /verify/ with the clean, counted, unindexed 404 (issue 27, item 14)', async () => {
      const { id } = await identified();
      await download(id);
      const [link] = await linkOf(id);
      const ip = nextAddress();
      const paths = [
        `/verify/${'A'.repeat(101)}`,
        `/verify/${'A'.repeat(5000)}`,
        `/verify/${link?.id}/anything`,
        `/verify/${link?.id}/photos/0/more`,
        '/verify/x/y/z',
        '/verify/',
        'short',
        'x'.repeat(40),
        '%27%20or%201%3D1',
        'AAAAAAAAAAAAAAAAAAAAA!',
      ].map((path) => (path.startsWith('/') ? path : `/verify/${path}`));
      await withClock(async () => {
        for (const path of paths) {
          const answer = await visit(path, ip);
          expect(answer.statusCode, path).toBe(404);
          expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
          expect(answer.headers['x-robots-tag']).toBe('noindex, nofollow');
          expect(answer.headers['cache-control']).toBe('no-store');
          expect(answer.body).toContain('<meta name="robots" content="noindex, nofollow">');
          // Not the staff app's shell (this suite serves one: WEB_APP_SHELL).
          expect(answer.body).not.toContain(WEB_APP_SHELL);
          expect(answer.body).toBe((await visit(`/verify/${randomBytes(16).toString('base64url')}`, ip)).body);
        }
      });
      // Each counted as a miss, as the unknown ids beside them were.
      expect(await missesOf(ip)).toBe(paths.length * 2);
      // The staff app still answers its own pages.
      expect((await visit('/commodities', ip)).body).toContain(WEB_APP_SHELL);
    });

    it('the verification page is not the web app nor an API call', async () => {
      const page = await visit(`/verify/${randomBytes(16).toString('base64url')}`, nextAddress());
      expect(page.statusCode).toBe(404);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.body).toContain('<html lang="en">');
      const document = ctx.json(await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' }));
      expect(Object.keys(document.paths).filter((path) => path.startsWith('/verify'))).toEqual([]);
    });
  },
  { webDist },
);

/*
 * Issue 28 item 4: once a manager has given the shop its name, licence, address and phone, its
 * certificate says who issued it, in every language: the name above the title, the licence and
 * the contact under it.
 */
describeOnDatabases("a named shop's certificate", (ctx) => {
  let kit: Kit;

  beforeAll(async () => {
    kit = await prepareKit(ctx);
    await nameTheShop(ctx);
  }, 60_000);

  it('names the shop, its licence, address and phone', async () => {
    const id = await insertAt(ctx, kit, 'identifiedByAgreement');
    for (const lang of ['zh-Hans', 'zh-Hant', 'en', 'ja'] as const) {
      const response = await ctx.app.inject({
        method: 'GET',
        url: `/api/commodities/${id}/certificate?lang=${lang}`,
        headers: { ...bearer(kit.recorder.token), lang: 'en' },
      });
      expect(response.statusCode).toBe(200);
      const pages = drawnPages(response.rawPayload);
      expect(pages, lang).toHaveLength(1);
      const text = pages[0]?.text ?? '';
      expect(text, lang).toContain(NAMED_SHOP.name);
      expect(text, lang).toContain(LICENCE_LINE[lang]);
      expect(text, lang).toContain(NAMED_SHOP.address);
      expect(text, lang).toContain(NAMED_SHOP.phone);
      // The app's name no longer stands in for the shop's.
      if (lang === 'en') expect(text).not.toContain('Jewel Appraisal');
    }
  });
});
