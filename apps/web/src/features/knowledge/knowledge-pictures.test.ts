import { KNOWLEDGE_PICTURES, knowledgePicturePath } from '@jewel/contract/values/knowledge-pictures';
import { KNOWLEDGE_COVER } from '@jewel/contract/values/patterns';
import { describe, expect, it } from 'vitest';

// The files the web app ships, as Vite sees them (their paths, not their contents).
const shipped = Object.keys(import.meta.glob('../../../public/knowledge/*.svg')).map((file) =>
  file.replace(/^.*\/public/, ''),
);

describe('the knowledge pictures a cover may be', () => {
  it('are exactly the files the web app ships under /knowledge, each a cover the contract takes', () => {
    expect(KNOWLEDGE_PICTURES.map(knowledgePicturePath).sort()).toEqual(shipped.sort());
    expect(shipped.length).toBeGreaterThan(0);
    for (const picture of KNOWLEDGE_PICTURES) expect(KNOWLEDGE_COVER.test(knowledgePicturePath(picture))).toBe(true);
  });
});
