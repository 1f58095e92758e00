import { describe, expect, it } from 'vitest';
import { SAMPLE_NEW_TOOL } from './testing/sample-tool.ts';
import { texts } from './texts.ts';
import { CreateToolSchema, isToolImageLink } from './tools.ts';

const tool = SAMPLE_NEW_TOOL;

/** The first message CreateToolSchema gives, or undefined when the tool passes. */
function firstMessage(overrides: Record<string, unknown>): string | undefined {
  const result = CreateToolSchema.safeParse({ ...tool, ...overrides });
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe('isToolImageLink', () => {
  it.each([
    '/images/tools/claw-hammer.svg',
    '/x.png',
    'https://images.example.com/tools/hammer.png',
    'HTTPS://cdn.example.com:8443/a/b.webp?w=600#top',
  ])('takes %s', (link) => {
    expect(isToolImageLink(link)).toBe(true);
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    'http://localhost/hammer.png',
    'http://169.254.169.254/latest/meta-data/',
    'data:image/png;base64,AAAA',
    'vbscript:msgbox',
    '//evil.example/x.png',
    '/images//x.png',
    '/images\\x.png',
    'https:\\\\evil.example\\x.png',
    'https://user:secret@evil.example/x.png',
    'https:///x.png',
    'https://evil.example/x y.png',
    '/images/x.png\n',
    'images/x.png',
    'ftp://files.example.com/x.png',
    '',
  ])('refuses %j', (link) => {
    expect(isToolImageLink(link)).toBe(false);
  });
});

describe('CreateToolSchema', () => {
  it('takes a tool that can be ordered, numbers as the form sends them too', () => {
    expect(CreateToolSchema.parse({ ...tool, price: '12.99', minOrderQuantity: '1' })).toEqual({
      ...tool,
      minOrderQuantity: 1,
      priceBreaks: [],
    });
    // The smallest tool that can be ordered: minimum 1, 3 available, so an order of 2.
    expect(firstMessage({ minOrderQuantity: 1, availableQuantity: 3 })).toBeUndefined();
    expect(firstMessage({ minOrderQuantity: 1, availableQuantity: 2 })).toBe(
      texts.adminErrors.availableLeavesNoOrder,
    );
  });

  it('wants a price above 0', () => {
    expect(firstMessage({ price: 0 })).toBe(texts.fieldErrors.notPositive('price'));
  });

  it('wants a minimum order quantity of at least 1', () => {
    expect(firstMessage({ minOrderQuantity: 0 })).toBe('minimum order quantity must be at least 1');
  });

  it('wants room for an order (available at least minimum + 2), and says so on the available quantity', () => {
    for (const availableQuantity of [101, 100, 99, 1]) {
      const result = CreateToolSchema.safeParse({ ...tool, availableQuantity });
      expect(result.success).toBe(false);
      expect(result.error?.issues).toEqual([
        expect.objectContaining({
          message: texts.adminErrors.availableLeavesNoOrder,
          path: ['availableQuantity'],
        }),
      ]);
    }
  });

  it('gives a bad field its own message before comparing the quantities', () => {
    expect(firstMessage({ minOrderQuantity: 'ten', availableQuantity: 5 })).toBe(
      texts.fieldErrors.notANumber('minimum order quantity'),
    );
  });

  it('wants an https image link or a path on this site', () => {
    expect(firstMessage({ img: 'javascript:alert(1)' })).toBe(texts.adminErrors.imageLink);
    expect(firstMessage({ img: 'http://169.254.169.254/latest/meta-data/' })).toBe(
      texts.adminErrors.imageLink,
    );
    expect(firstMessage({ img: 'HTTP://images.example.com/saw.png' })).toBe(
      texts.adminErrors.imageLink,
    );
    expect(firstMessage({ img: 'data:image/svg+xml,<svg/>' })).toBe(texts.adminErrors.imageLink);
    expect(firstMessage({ img: 'https://images.example.com/saw.png' })).toBeUndefined();
    expect(firstMessage({ img: '   /images/tools/saw.svg  ' })).toBeUndefined();
  });
});
