import './index.css';
import { readAccessToken } from './lib/access-token-storage';
import { startsOnInteraction, wakeOnInteraction } from './app/wake-on-interaction';
import { fetchPageScripts } from './app/page-scripts';

/**
 * The entry: the style sheet, and when the app (boot.tsx) starts. A page the browser renders
 * (an account's pages) starts it at once; a page the server rendered (the public pages) on the
 * visitor's first interaction, unless someone is signed in (app/wake-on-interaction.ts). The
 * page's listed script files are fetched beside the app, or after the load when it waits
 * (app/page-scripts.ts).
 */
const start = () => import('./boot').then(({ startApp }) => startApp());

if (startsOnInteraction(document, readAccessToken() !== null)) {
  wakeOnInteraction(start);
  fetchPageScripts('after load');
} else {
  fetchPageScripts('now');
  void start();
}
