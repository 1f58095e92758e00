import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../testing/build-test-app.ts';
import { test } from '../testing/app-fixtures.ts';
import { computeSecurityHeaders, stripeSources } from './security.ts';

function directives(header: string | undefined): Map<string, string> {
  const map = new Map<string, string>();
  for (const part of (header ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name, values.join(' '));
  }
  return map;
}

describe('security headers', () => {
  test.for(['/api/parts', '/api/health', '/api/nothing', '/api/docs', '/some/page'])(
    'are on the answer to %s',
    async (url, { app }) => {
      const response = await app.inject(url);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['x-powered-by']).toBeUndefined();
      const csp = directives(response.headers['content-security-policy'] as string | undefined);
      expect(csp.get('default-src')).toBe("'self'");
      expect(csp.get('frame-ancestors')).toBe("'none'");
      // Tool images are https: or the shop's own paths; data: is the stylesheet's own icons.
      expect(csp.get('img-src')).toBe("'self' data: https:");
      expect(csp.get('object-src')).toBe("'none'");
      // No inline script, ever: script-src is 'self' only.
      expect(csp.get('script-src')).toBe("'self'");
      expect(csp.get('script-src-attr')).toBe("'none'");
      // The test gateway: no third party may load anything.
      expect(response.headers['content-security-policy']).not.toContain('stripe.com');
    },
  );
});

describe('the Content-Security-Policy and the stripe gateway', () => {
  const cspOf = (stripe: boolean) =>
    directives(computeSecurityHeaders({ stripe })['content-security-policy']);

  it('keeps every Stripe host out without the stripe gateway', () => {
    const csp = cspOf(false);
    expect([...csp.values()].join(' ')).not.toContain('stripe');
    expect(csp.has('frame-src')).toBe(false);
  });

  it("opens script-src, frame-src and connect-src to Stripe.js's hosts with it", () => {
    const csp = cspOf(true);
    expect(csp.get('script-src')).toBe("'self' https://js.stripe.com https://*.js.stripe.com");
    expect(csp.get('frame-src')).toBe(
      "'self' https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com",
    );
    expect(csp.get('connect-src')).toBe("'self' https://api.stripe.com");
    // Everything else stays as strict as without Stripe.
    const withoutStripe = cspOf(false);
    for (const name of ['default-src', 'img-src', 'style-src', 'object-src', 'frame-ancestors']) {
      expect(csp.get(name)).toBe(withoutStripe.get(name));
    }
  });

  it.each([false, true])('never allows inline or evaluated script (stripe: %s)', (stripe) => {
    const csp = cspOf(stripe);
    for (const name of ['script-src', 'script-src-attr', 'default-src']) {
      expect(csp.get(name)).not.toMatch(
        /unsafe-inline|unsafe-eval|unsafe-hashes|\*(?!\.)|https?:(\s|$)/,
      );
    }
  });

  it('is what an app configured with Stripe sends', async () => {
    const app = await buildTestApp({
      config: {
        stripe: {
          secretKey: 'sk_test_tools_factory',
          publishableKey: 'pk_test_tools_factory',
          webhookSecret: 'whsec_tools_factory',
        },
      },
    });
    try {
      for (const url of ['/api/parts', '/some/page']) {
        const response = await app.inject(url);
        const csp = directives(response.headers['content-security-policy'] as string | undefined);
        expect(csp.get('script-src')).toBe(["'self'", ...stripeSources.scriptSrc].join(' '));
        expect(csp.get('frame-src')).toBe(["'self'", ...stripeSources.frameSrc].join(' '));
        expect(csp.get('connect-src')).toBe(["'self'", ...stripeSources.connectSrc].join(' '));
      }
    } finally {
      await app.close();
    }
  });
});
