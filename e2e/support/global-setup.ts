import { existsSync } from 'node:fs';
import path from 'node:path';

const webIndex = path.resolve(import.meta.dirname, '../../web/dist/index.html');

/** The journeys test the built app: stop early, with the fix, when there is none. */
export default function globalSetup(): void {
  if (!existsSync(webIndex)) {
    throw new Error(
      `The web app is not built (${webIndex} is missing): run \`npm run e2e\`, which builds it, ` +
        'or `npm run build` first.',
    );
  }
}
