import { describe, expect, it } from 'vitest';
import { linkdinHref } from './profile-details';

describe('linkdinHref', () => {
  it('keeps an http(s) address as it is', () => {
    expect(linkdinHref('https://www.linkedin.com/in/maria')).toBe(
      'https://www.linkedin.com/in/maria',
    );
    expect(linkdinHref('http://linkedin.com/in/maria')).toBe('http://linkedin.com/in/maria');
  });

  it('puts https:// before an address typed without it', () => {
    expect(linkdinHref(' linkedin.com/in/maria ')).toBe('https://linkedin.com/in/maria');
  });

  it('makes no link of anything else', () => {
    expect(linkdinHref('javascript:alert(1)')).toBeNull();
    expect(linkdinHref('mailto:maria@example.com')).toBeNull();
    expect(linkdinHref('Maria Lopez')).toBeNull();
    expect(linkdinHref('maria')).toBeNull();
  });
});
