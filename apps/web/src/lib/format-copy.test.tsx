import { expect, it } from 'vitest';
import { copiedAsRead, formatDateTime } from './format.ts';
import { changeLanguage } from './i18n.ts';

it('a copied date is pasted as it reads, without its word joiners', async () => {
  await changeLanguage('zh-Hans');
  const line = document.createElement('p');
  line.textContent = `交易日期 ${formatDateTime('2026-11-29T09:58:00Z')}`;
  document.body.append(line);
  document.getSelection()?.selectAllChildren(line);
  const pasted: string[] = [];
  const event = new Event('copy', { cancelable: true }) as ClipboardEvent;
  Object.defineProperty(event, 'clipboardData', {
    value: { setData: (_type: string, text: string) => pasted.push(text) },
  });
  copiedAsRead(event);
  expect(pasted).toHaveLength(1);
  expect(pasted[0]).toMatch(/^交易日期 2026年11月29日 \d\d:58$/);
  expect(event.defaultPrevented).toBe(true);
  line.remove();
});
