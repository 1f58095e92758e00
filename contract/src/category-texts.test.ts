import { describe, expect, it } from 'vitest';
import { categoryBrowseTexts } from './category-texts.ts';

describe("the browse pages' count above the grid", () => {
  it('says none, the one tool, or which of them a page shows', () => {
    expect(categoryBrowseTexts.showing(0, 0, 0)).toBe('No tools');
    expect(categoryBrowseTexts.showing(1, 1, 1)).toBe('Showing the one tool');
    expect(categoryBrowseTexts.showing(25, 27, 27)).toBe('Showing 25-27 of 27 tools');
  });
});
