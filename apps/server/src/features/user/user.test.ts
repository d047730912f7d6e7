import { expect, it } from 'vitest';
import { banners } from '../../db/schema.ts';
import { bearer, DEMO, DEMO_PASSWORD, describeOnDatabases } from '../../test/test-app.ts';

describeOnDatabases('user', (ctx) => {
  const get = (url: string, token: string, lang = 'en') =>
    ctx.app.inject({ method: 'GET', url, headers: { ...bearer(token), lang } });
  const post = (url: string, token: string, payload: object, lang = 'en') =>
    ctx.app.inject({ method: 'POST', url, payload, headers: { ...bearer(token), lang } });

  it('info answers the user fields with the role named in the caller language', async () => {
    const token = await ctx.login(DEMO.valuer1);
    const body = ctx.json(await get('/api/user/info', token, 'ja'));
    expect(body.data).toMatchObject({
      mobile: DEMO.valuer1,
      role: { code: 'valuers', name: '鑑定士' },
      role_code: 'valuers',
      is_enabled: 1,
      is_tmp: 0,
      knowledge_show: 1,
      tmp_expires_at: null,
    });
    expect(typeof body.data.name).toBe('string');
  });

  it('change saves one field and answers the new value; bad values are refused and change nothing', async () => {
    const token = await ctx.login(DEMO.recorder);
    const changed = ctx.json(await post('/api/user/change', token, { name: '陈晓明' }));
    expect(changed).toMatchObject({ code: 0, data: { name: '陈晓明' } });
    expect(ctx.json(await post('/api/user/change', token, { gender: 2 })).data).toEqual({ gender: 2 });

    for (const bad of [
      { name: '' },
      { gender: 7 },
      { name: 'a', gender: 1 },
      { avatar: 'https://evil.example/x.png' },
      {},
    ]) {
      const response = await post('/api/user/change', token, bad);
      expect(response.statusCode).toBe(400);
      expect(ctx.json(response).code).toBe(1001);
    }
    const after = ctx.json(await get('/api/user/info', token)).data;
    expect(after).toMatchObject({ name: '陈晓明', gender: 2, avatar: '' });
    await post('/api/user/change', token, { name: '陈晓' });
  });

  it('changePass applies SPEC rules in order, with their messages, and then ends every session', async () => {
    const first = await ctx.login(DEMO.valuer2);
    const second = await ctx.login(DEMO.valuer2);
    const attempt = (body: object, lang = 'en') => post('/api/user/changePass', first, body, lang);

    const empty = await attempt({ old_password: DEMO_PASSWORD, password: '', password_confirmation: '' });
    expect(ctx.json(empty)).toMatchObject({ code: 2010, msg: 'Please enter a password' });
    const short = await attempt(
      { old_password: DEMO_PASSWORD, password: '12345', password_confirmation: '12345' },
      'zh_CN',
    );
    expect(ctx.json(short)).toMatchObject({ code: 2011, msg: '密码长度不能少于6位' });
    const differ = await attempt({ old_password: DEMO_PASSWORD, password: '123456', password_confirmation: '1234567' });
    expect(ctx.json(differ)).toMatchObject({
      code: 2012,
      msg: 'The two passwords do not match. Please enter them again.',
    });
    const oldWrong = await attempt({ old_password: 'nope-nope', password: '123456', password_confirmation: '123456' });
    expect(ctx.json(oldWrong).code).toBe(2013);
    // Nothing changed: the old password still works.
    await ctx.login(DEMO.valuer2);

    const done = await attempt({
      old_password: DEMO_PASSWORD,
      password: 'new-pass-1',
      password_confirmation: 'new-pass-1',
    });
    expect(ctx.json(done).code).toBe(0);
    expect((await get('/api/user/info', first)).statusCode).toBe(401);
    expect((await get('/api/user/info', second)).statusCode).toBe(401);
    const relogin = await ctx.login(DEMO.valuer2, 'new-pass-1');
    await post('/api/user/changePass', relogin, {
      old_password: 'new-pass-1',
      password: DEMO_PASSWORD,
      password_confirmation: DEMO_PASSWORD,
    });
  });

  it('changePass checks at most 5 wrong old passwords per window, at once or not, then answers 429', async () => {
    const token = await ctx.login(DEMO.valuer3);
    const change = (oldPassword: string) =>
      post('/api/user/changePass', token, {
        old_password: oldPassword,
        password: 'stolen-pass-1',
        password_confirmation: 'stolen-pass-1',
      });
    const answers = await Promise.all(Array.from({ length: 20 }, () => change('guess-guess')));
    const codes = answers.map((answer) => ctx.json(answer).code);
    expect(codes.filter((code) => code === 2013)).toHaveLength(5);
    expect(codes.filter((code) => code === 1005)).toHaveLength(15);
    // Even the right old password is not checked now.
    const limited = await change(DEMO_PASSWORD);
    expect(limited.statusCode).toBe(429);
    expect(ctx.json(limited)).toMatchObject({ code: 1005 });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Nothing changed, and the session goes on (docs/decisions.md).
    expect((await get('/api/user/info', token)).statusCode).toBe(200);
    await ctx.login(DEMO.valuer3);
  });

  it('valuers lists the three demo valuers and no recorder', async () => {
    const token = await ctx.login(DEMO.recorder);
    const valuers = ctx.json(await get('/api/user/valuers', token)).data as { id: number; name: string }[];
    expect(valuers.length).toBeGreaterThanOrEqual(3);
    const me = ctx.json(await get('/api/user/info', token)).data;
    expect(valuers.map((v) => v.id)).not.toContain(me.id);
  });

  it('banners come titled and written in the caller language', async () => {
    const token = await ctx.login(DEMO.recorder);
    const banners = async (lang: string) =>
      (ctx.json(await get('/api/user/banners', token, lang)).data as { title: string; text: string }[]).map(
        ({ title, text }) => [title, text],
      );
    const en = ctx.json(await get('/api/user/banners', token, 'en')).data;
    expect(en).toHaveLength(3);
    expect(en[0].image).toMatch(/^\/banners\//);
    expect((await banners('zh_CN'))[1]).toEqual(['秋季名牌包回收季', '爱马仕、香奈儿、路易威登 11月30日前加价收购']);
    expect((await banners('zh_TW'))[1]).toEqual(['秋季名牌包回收季', '愛馬仕、香奈兒、路易威登 11月30日前加價收購']);
    expect((await banners('en'))[1]).toEqual([
      'Autumn designer bag buyback campaign',
      'Higher offers for Hermès, Chanel and Louis Vuitton until 30 November',
    ]);
    expect(await banners('ja')).toEqual([
      ['金の品位鑑定に新基準を導入', '蛍光X線分析で、3分で結果がわかります'],
      ['秋のブランドバッグ買取キャンペーン', 'エルメス・シャネル・ルイ・ヴィトンを11月30日まで買取額アップ'],
      ['日本店グランドオープン', '東京・銀座店へぜひお越しください'],
    ]);
  });

  it('a banner text missing in the caller language falls back, or is empty', async () => {
    const title = { 'zh-Hans': '标题', 'zh-Hant': '標題', en: 'Title', ja: 'タイトル' };
    await ctx.app.db.insert(banners).values([
      { title, image: '/banners/banner-1.svg', sort: 10, text: { 'zh-Hans': '只有简体' } },
      { title, image: '/banners/banner-2.svg', sort: 11, text: { 'zh-Hant': '只有繁體', en: 'English only' } },
    ]);
    const token = await ctx.login(DEMO.recorder);
    const texts = async (lang: string) =>
      (ctx.json(await get('/api/user/banners', token, lang)).data as { text: string }[]).slice(3).map((b) => b.text);
    expect(await texts('zh_CN')).toEqual(['只有简体', '只有繁體']);
    expect(await texts('zh_TW')).toEqual(['只有简体', '只有繁體']);
    expect(await texts('en')).toEqual(['', 'English only']);
    expect(await texts('ja')).toEqual(['', 'English only']);
  });

  it('statistics are all zero while no commodity exists', async () => {
    const token = await ctx.login(DEMO.recorder);
    const stats = ctx.json(await get('/api/user/statistics', token)).data;
    expect(stats).toMatchObject({ role: 'recorder', registered_total: 0, to_be_distributed: 0 });
  });

  it('every user call needs a session', async () => {
    for (const url of ['/api/user/info', '/api/user/valuers', '/api/user/banners', '/api/user/statistics']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(401);
    }
  });
});
