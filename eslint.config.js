// @ts-check
import { readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** @param {string} dir */
const subfolders = (dir) => {
  try {
    return readdirSync(dir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
  } catch {
    return [];
  }
};

// Imports flow one way (docs/architecture.md#layers): web -> contract <- server; inside web, ui and
// lib -> features -> app, and a feature never imports another; inside server, app.ts -> modules ->
// infrastructure, never back, and a module reaches another module through its service, never its
// repository, routes or tables (a table may name another module's table in a foreign key).
const boundaryZones = [
  { target: './contract', from: ['./server', './web'], message: 'contract imports only zod.' },
  { target: './server', from: './web', message: 'server never imports web.' },
  { target: './web', from: './server', message: 'web never imports server.' },
  {
    target: ['./web/src/components', './web/src/lib'],
    from: ['./web/src/features', './web/src/app'],
    message: 'shared ui and lib never import features or app.',
  },
  { target: './web/src/features', from: './web/src/app', message: 'features never import app.' },
  ...subfolders('web/src/features').map((feature) => ({
    target: `./web/src/features/${feature}`,
    from: './web/src/features',
    except: [`./${feature}`],
    message: 'a feature never imports another feature: compose them in a page or in app/.',
  })),
  ...subfolders('server/src/modules').map((module) => ({
    target: `./server/src/modules/${module}`,
    from: ['./server/src/modules/*/*.repository.ts', './server/src/modules/*/*.routes.ts'],
    // With glob `from` patterns the plugin matches exceptions against absolute import paths.
    except: [`${path.resolve(import.meta.dirname, 'server/src/modules', module)}/*`],
    message: "a module calls another module's service, never its repository or routes.",
  })),
  ...subfolders('server/src/modules').map((module) => ({
    // Tests may read any table to check what a request left in the database.
    target: `./server/src/modules/${module}/!(*.table|*.test).ts`,
    from: ['./server/src/modules/*/*.table.ts'],
    except: [`${path.resolve(import.meta.dirname, 'server/src/modules', module)}/*`],
    message:
      "a module reads another module's data through its service; only a table may import another module's table (a foreign key).",
  })),
  {
    target: [
      './server/src/config.ts',
      './server/src/http-errors.ts',
      './server/src/ids.ts',
      './server/src/catalog/!(*.test).ts',
      './server/src/db/!(*.test).ts',
      './server/src/mail/!(*.test).ts',
      './server/src/documents/!(*.test).ts',
      './server/src/plugins/!(*.test).ts',
    ],
    from: ['./server/src/modules', './server/src/app.ts', './server/src/server.ts'],
    message:
      'infrastructure (config, http-errors, ids, catalog, db, mail, documents, plugins) imports no module: modules import it and app.ts wires them together.',
  },
  {
    target: './server/src/modules/**/!(*.test).ts',
    from: ['./server/src/app.ts', './server/src/server.ts'],
    message:
      'a module never imports app.ts or server.ts: app.ts hands it what it needs in options.',
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-ssr/**',
      'data/**',
      'e2e/artifacts/**',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
      'server/drizzle/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['*/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    languageOptions: { globals: { ...globals.node } },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: boundaryZones }],
      // Cycles are dependency-cruiser's (.dependency-cruiser.cjs, in `npm run lint`): import-x's
      // no-cycle skips type-only imports, and those close cycles too.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
);
