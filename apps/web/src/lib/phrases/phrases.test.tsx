import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { phrased } from './phrases.tsx';

/** The text of each line-break opportunity's side: the runs between `<wbr>`s, and the spans kept whole. */
function layout(node: ReturnType<typeof phrased>) {
  const { container } = render(<>{node}</>);
  const root = container.firstElementChild as HTMLElement;
  const runs = (root.innerHTML.replace(/<span class="keep-whole">[^<]*<\/span>/g, '▮').split('<wbr>') as string[]).map(
    (run) => run.replace(/<[^>]+>/g, ''),
  );
  const whole = [...root.querySelectorAll('.keep-whole')].map((span) => span.textContent);
  return { text: root.textContent, runs, whole, phrased: root.classList.contains('phrased') };
}

describe('phrased (issue 29 item 6: toasts and dialogs break between words)', () => {
  it('breaks Chinese only between words, never inside 确认, 回收 or 商品, nor before its question mark', () => {
    const shown = layout(phrased('确认回收这件商品吗？', 'zh-Hans'));
    expect(shown.text).toBe('确认回收这件商品吗？');
    expect(shown.phrased).toBe(true);
    for (const word of ['确认', '回收', '商品']) expect(shown.runs.some((run) => run.includes(word))).toBe(true);
    expect(shown.runs.some((run) => run.startsWith('？'))).toBe(false);
    expect(shown.runs.length).toBeGreaterThan(2);
  });

  it('keeps Traditional Chinese words whole too', () => {
    const shown = layout(phrased('照片已上傳，等待網路恢復後提交。', 'zh-Hant'));
    for (const word of ['照片', '等待', '恢復', '提交'])
      expect(shown.runs.some((run) => run.includes(word))).toBe(true);
    expect(shown.runs.some((run) => /^[，。]/.test(run))).toBe(false);
  });

  it.each([
    ['zh-Hans', '已登记 C20261128-0002，照片 IMG_0412.jpg 已上传', ['C20261128-0002，', 'IMG_0412.jpg']],
    ['zh-Hans', '以 ¥21,000.00 回收 C20261129-0001？确认后结案。', ['¥21,000.00', 'C20261129-0001？']],
    ['ja', '商品C20261128-0002を登録しました（3点）', ['C20261128-0002', '（3点）']],
    [
      'en',
      'Item C20261128-10002 registered; ledger-2026-11.pdf saved (2 of 3)',
      ['C20261128-10002', 'ledger-2026-11.pdf', '(2 of 3)'],
    ],
    ['zh-Hant', '商品C20261128-0002已登記', ['C20261128-0002']],
  ] as const)('in %s keeps item numbers, file names and short asides whole', (lang, text, whole) => {
    const shown = layout(phrased(text, lang));
    expect(shown.text).toBe(text);
    expect(shown.whole).toEqual(whole);
  });

  it('leaves English and Japanese breaking to the browser (Japanese: word-break: auto-phrase)', () => {
    for (const lang of ['en', 'ja'] as const) {
      const shown = layout(phrased(lang === 'en' ? 'Saved for later' : '保存しました', lang));
      expect(shown.phrased).toBe(false);
      expect(shown.runs).toHaveLength(1);
    }
  });
});
