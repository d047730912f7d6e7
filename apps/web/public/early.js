/*
 * Runs before the app's code arrives (index.html loads it async; a file, since the CSP allows no
 * inline script). On the home page of a signed-in user it asks for the dashboard's banners at once
 * and shows the first one in the frame of index.html, where the page will show it: the page's
 * largest picture does not wait for the libraries. The app takes the answer over
 * (src/lib/early-calls.ts). It reads the stores' persisted state the way zustand writes it
 * (stores/auth-store.ts 'jewel-auth', stores/language-store.ts 'jewel-lang').
 */
(() => {
  const path = location.pathname;
  if (path !== '/' && path !== '/pages/home/index') return;
  const stored = (key) => {
    try {
      return JSON.parse(localStorage.getItem(key) || 'null')?.state;
    } catch {
      return undefined;
    }
  };
  const auth = stored('jewel-auth');
  // The session guard's condition (hasSession): a token and a user with a name.
  if (!auth?.token || !auth.user?.name) return;
  const lang =
    { 'zh-Hans': 'zh_CN', 'zh-Hant': 'zh_TW', en: 'en', ja: 'ja' }[stored('jewel-lang')?.currentLang] ?? 'zh_CN';
  // The API's address as the build knows it (VITE_API_BASE); left unreplaced, the same origin.
  const configured = document.currentScript?.dataset.apiBase ?? '';
  const base = configured.startsWith('%') ? '' : configured;
  const banners = fetch(`${base}/api/user/banners`, {
    headers: { platform: 'h5', lang, Authorization: `Bearer ${auth.token}` },
  }).then((response) => response.json());
  window.jewelEarlyCalls = { banners, at: performance.now() };
  // The banner's place at once (the frame's cards do not move when it arrives), the banner in it.
  const place = () => {
    const frame = document.querySelector('.boot');
    if (!frame) return undefined;
    let image = frame.querySelector('.boot__banner');
    if (!image) {
      image = document.createElement('img');
      image.className = 'boot__banner';
      image.alt = '';
      image.width = 750;
      image.height = 300;
      image.fetchPriority = 'high';
      frame.classList.add('boot--home');
      frame.querySelector('.boot__nav')?.after(image);
    }
    return image;
  };
  place();
  banners.then(
    (body) => {
      const first = body?.code === 0 ? body.data?.[0] : undefined;
      const image = place();
      if (image && typeof first?.image === 'string') image.src = first.image;
      else image?.remove();
    },
    () => place()?.remove(),
  );
})();
