/**
 * Renders the home page's hero picture (web/public/images/hero.svg, the drawing as drawn) into
 * the WebP files the page shows: hero-600.webp and hero-1200.webp beside it. Run after changing
 * the drawing, and commit the three files:
 *   npm run images:hero
 * Why not the SVG itself: a browser builds a whole document for an SVG picture on the page's main
 * thread (about 350 ms of a slow phone's, at 4x CPU slowdown, for this one: issue 43 item 6),
 * while a WebP is decoded off it.
 */
import path from 'node:path';
import sharp from 'sharp';

/** The widths made: the hero shows at most 576 CSS px (max-w-xl), once and twice over. */
const HERO_WIDTHS = [600, 1200] as const;
/** The drawing's own width (its viewBox), from which sharp's density scales it. */
const DRAWN_WIDTH = 800;
/** sharp renders an SVG at 72 dots per inch unless told: the density that gives `width` px. */
const densityFor = (width: number) => (72 * width) / DRAWN_WIDTH;

const images = path.join(import.meta.dirname, '..', 'web', 'public', 'images');

for (const width of HERO_WIDTHS) {
  const out = path.join(images, `hero-${width}.webp`);
  const made = await sharp(path.join(images, 'hero.svg'), { density: densityFor(width) })
    .resize(width)
    .webp({ quality: 82 })
    .toFile(out);
  console.log(
    `${path.relative(process.cwd(), out)}: ${made.width} x ${made.height}, ${made.size} B`,
  );
}
