import { describe, expect, it } from 'vitest';
import { suggestedPasskeyName } from './device-name.ts';

const UA = {
  iphoneSafari:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  iphoneChrome:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1',
  androidChrome:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  androidWeChat:
    'Mozilla/5.0 (Linux; Android 14; V2309A) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/122.0.6261.120 Mobile Safari/537.36 XWEB/1220099 MMWEBSDK/20240404 MicroMessenger/8.0.49.2600(0x28003133) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64',
  windowsEdge:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
  macFirefox: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.7; rv:133.0) Gecko/20100101 Firefox/133.0',
  samsung:
    'Mozilla/5.0 (Linux; Android 14; SM-S928B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36',
};

describe("a new passkey's suggested name", () => {
  it('names the device and the browser it is made in', () => {
    expect(suggestedPasskeyName(UA.iphoneSafari, 'My passkey')).toBe('iPhone · Safari');
    expect(suggestedPasskeyName(UA.iphoneChrome, 'My passkey')).toBe('iPhone · Chrome');
    expect(suggestedPasskeyName(UA.androidChrome, 'My passkey')).toBe('Android · Chrome');
    expect(suggestedPasskeyName(UA.androidWeChat, 'My passkey')).toBe('Android · WeChat');
    expect(suggestedPasskeyName(UA.windowsEdge, 'My passkey')).toBe('Windows · Edge');
    expect(suggestedPasskeyName(UA.macFirefox, 'My passkey')).toBe('Mac · Firefox');
    expect(suggestedPasskeyName(UA.samsung, 'My passkey')).toBe('Android · Samsung Internet');
  });

  it('falls back to the given name when the browser says nothing known, within 40 characters', () => {
    expect(suggestedPasskeyName('curl/8.5.0', 'My passkey')).toBe('My passkey');
    expect(suggestedPasskeyName('', 'x'.repeat(50))).toBe('x'.repeat(40));
  });
});
