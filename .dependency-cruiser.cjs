// @ts-check
// Import cycles between our own files, type-only imports included (`npm run lint`). ESLint's
// import-x/no-cycle skips every `import type`, and a cycle of types is still two files that
// cannot be understood one without the other (docs/architecture.md#layers). The other import rules
// (which folder may import which) stay in eslint.config.js.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycle',
      severity: 'error',
      comment: 'An import cycle, type imports counted: break it (docs/architecture.md#layers).',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    // `import type` and type-only re-exports are dependencies too.
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['node_modules', '/dist/', 'e2e/test-results', 'e2e/artifacts'] },
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
    },
  },
};
