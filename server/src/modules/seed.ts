import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { galleryItems, reviews, toolPriceBreaks, tools } from './tables.ts';

/** Any number, as long as nothing else takes the same advisory lock. */
const SEED_LOCK_KEY = 724502;

type DemoTool = {
  slug: string;
  /** Its SKU (issue 26): a family code, a kind and a size, as a manufacturer numbers its range. */
  sku: string;
  name: string;
  description: string;
  priceCents: number;
  minOrderQuantity: number;
  availableQuantity: number;
  /**
   * Volume pricing as a manufacturer publishes it (about 8% off from a few hundred units, 15%
   * from a thousand): above the minimum and below the stock, so a newcomer can try each break.
   */
  priceBreaks?: readonly { minQuantity: number; priceCents: number }[];
};

/** The demo catalog. Each image is a file the app serves: web/public/images/tools/<slug>.svg. */
export const demoTools: readonly DemoTool[] = [
  {
    slug: 'claw-hammer',
    sku: 'HM-CLAW-16',
    name: 'Claw Hammer',
    description:
      'A 16 oz drop-forged steel head on a shock-absorbing fibreglass handle. The curved claw pulls nails cleanly, and the polished face drives them without marring the work.',
    priceCents: 1299,
    minOrderQuantity: 100,
    availableQuantity: 4200,
    priceBreaks: [
      { minQuantity: 500, priceCents: 1199 },
      { minQuantity: 1000, priceCents: 1099 },
    ],
  },
  {
    slug: 'combination-wrench',
    sku: 'WR-COMB-13',
    name: 'Combination Wrench Set',
    description:
      'Twelve chrome-vanadium wrenches from 8 to 19 mm, each with an open end and a 12-point box end. Delivered in a roll-up canvas pouch that keeps every size in its place.',
    priceCents: 4599,
    minOrderQuantity: 50,
    availableQuantity: 1500,
  },
  {
    slug: 'screwdriver-set',
    sku: 'SD-SET-6',
    name: 'Screwdriver Set',
    description:
      'Eight screwdrivers with slotted and Phillips tips of hardened S2 steel. The two-material grips give torque without blisters, and the magnetic tips hold screws in place.',
    priceCents: 2450,
    minOrderQuantity: 80,
    availableQuantity: 3000,
    priceBreaks: [
      { minQuantity: 250, priceCents: 2295 },
      { minQuantity: 1000, priceCents: 2095 },
    ],
  },
  {
    slug: 'slip-joint-pliers',
    sku: 'PL-SLIP-8',
    name: 'Slip Joint Pliers',
    description:
      'Eight-inch pliers with a two-position pivot that opens wide for large nuts and pipes. Serrated jaws grip firmly, and the built-in cutter trims soft wire.',
    priceCents: 899,
    minOrderQuantity: 150,
    availableQuantity: 5000,
    priceBreaks: [
      { minQuantity: 500, priceCents: 829 },
      { minQuantity: 1000, priceCents: 765 },
      { minQuantity: 2500, priceCents: 719 },
    ],
  },
  {
    slug: 'hand-saw',
    sku: 'SW-HAND-20',
    name: 'Hand Saw',
    description:
      'A 20-inch panel saw with induction-hardened, triple-ground teeth for fast, clean cuts in softwood and hardwood. The ergonomic handle has 45 and 90 degree marking edges.',
    priceCents: 1875,
    minOrderQuantity: 60,
    availableQuantity: 1800,
  },
  {
    slug: 'wood-chisel',
    sku: 'CH-WOOD-25',
    name: 'Wood Chisel',
    description:
      'A 19 mm bevel-edge chisel of chrome-vanadium steel, sharpened and honed at the factory. The striking cap on the hornbeam handle takes mallet blows for years.',
    priceCents: 1150,
    minOrderQuantity: 100,
    availableQuantity: 2600,
  },
  {
    slug: 'tape-measure',
    sku: 'TM-5M',
    name: 'Tape Measure',
    description:
      'Five metres of nylon-coated steel blade with metric and imperial markings. A sturdy belt clip, a thumb lock and a rubber-armoured case survive drops on the site floor.',
    priceCents: 699,
    minOrderQuantity: 200,
    availableQuantity: 4800,
    priceBreaks: [
      { minQuantity: 500, priceCents: 649 },
      { minQuantity: 1000, priceCents: 599 },
    ],
  },
  {
    slug: 'adjustable-spanner',
    sku: 'SP-ADJ-10',
    name: 'Adjustable Spanner',
    description:
      'A 10-inch spanner whose jaw opens to 30 mm with a smooth, play-free worm gear. Laser-etched scales on both sides let you preset the size before reaching the nut.',
    priceCents: 1425,
    minOrderQuantity: 75,
    availableQuantity: 2200,
  },
  {
    slug: 'metal-file',
    sku: 'FL-MET-8',
    name: 'Metal File',
    description:
      'A 10-inch flat bastard file with double-cut teeth for quick stock removal on steel, brass and aluminium. The tang comes fitted with a comfortable, replaceable handle.',
    priceCents: 575,
    minOrderQuantity: 120,
    availableQuantity: 3500,
  },
];

export const demoReviews = [
  {
    name: 'Amelia Carter',
    email: 'amelia.carter@northbuild.com',
    review:
      'We ordered 500 claw hammers for our site crews. Every one arrived well packed, and the handles still feel solid after a full season.',
    rating: 5,
  },
  {
    name: 'Rahul Mehta',
    email: 'rahul.mehta@mehtahardware.in',
    review:
      'Good prices on the wrench sets and the chrome finish is even. Shipping took a week longer than quoted, but support kept us informed.',
    rating: 4,
  },
  {
    name: 'Sofia Lindqvist',
    email: 'sofia@lindqvist-snickeri.se',
    review:
      'The wood chisels hold an edge remarkably well for the price. Our apprentices use them every day in the joinery workshop.',
    rating: 5,
  },
  {
    name: 'Daniel Okafor',
    email: 'd.okafor@lagostools.ng',
    review:
      'Solid pliers and screwdrivers for our retail shelves. A few screwdriver grips had small marks, which the factory replaced at once.',
    rating: 4,
  },
  {
    name: 'Chloe Martin',
    email: 'chloe.martin@atelierbois.fr',
    review:
      'The hand saws cut straight and fast. I would like a finer-tooth option for cabinet work, but for general carpentry they are excellent.',
    rating: 3,
  },
  {
    name: 'Kenji Watanabe',
    email: 'kenji.watanabe@kw-supply.jp',
    review:
      'Ordering in bulk was simple and the tape measures are accurate to the millimetre. We will reorder next quarter.',
    rating: 5,
  },
] as const;

/** The six gallery cards; each image is web/public/images/gallery/<n>.svg. */
export const demoGallery = [
  'Our forging line shapes hammer heads from red-hot steel bars every day.',
  'Each wrench is heat-treated and tempered for strength before it is polished.',
  'Quality inspectors check the grind of every saw blade by hand and by gauge.',
  'The assembly hall fits handles to chisels, files and screwdrivers for export.',
  'Finished tools are packed in bulk cartons and palletised for shipping worldwide.',
  'Visitors tour the workshop floor and try our tools at the testing benches.',
] as const;

export function toolImagePath(slug: string): string {
  return `/images/tools/${slug}.svg`;
}

export function galleryImagePath(position: number): string {
  return `/images/gallery/${position}.svg`;
}

/**
 * Fills an empty catalog with the demo tools (their price breaks too), reviews and gallery, in
 * one transaction. Does nothing when the tools table has any row (archived ones too), so it is
 * safe on every start; an advisory lock keeps two instances starting together from both
 * seeding. Resolves to true when it seeded.
 */
export async function seedDemoData(db: Database): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const [existing] = await tx.select({ count: sql<number>`count(*)::int` }).from(tools);
    if ((existing?.count ?? 0) > 0) return false;

    // Spaced timestamps keep the catalog in this order and the reviews newest first.
    const base = Date.now() - 60 * 60 * 1000;
    const inserted = await tx
      .insert(tools)
      .values(
        demoTools.map((tool, index) => ({
          name: tool.name,
          sku: tool.sku,
          image: toolImagePath(tool.slug),
          description: tool.description,
          priceCents: tool.priceCents,
          minOrderQuantity: tool.minOrderQuantity,
          availableQuantity: tool.availableQuantity,
          createdAt: new Date(base + index * 1000),
          updatedAt: new Date(base + index * 1000),
        })),
      )
      .returning({ id: tools.id, name: tools.name });
    const idByName = new Map(inserted.map((tool) => [tool.name, tool.id]));
    const priceBreaks = demoTools.flatMap((tool) =>
      (tool.priceBreaks ?? []).map((priceBreak) => ({
        toolId: idByName.get(tool.name) ?? '',
        ...priceBreak,
      })),
    );
    if (priceBreaks.length > 0) await tx.insert(toolPriceBreaks).values(priceBreaks);
    await tx.insert(reviews).values(
      demoReviews.map((review, index) => ({
        ...review,
        createdAt: new Date(base - index * 24 * 60 * 60 * 1000),
      })),
    );
    await tx.insert(galleryItems).values(
      demoGallery.map((description, index) => ({
        image: galleryImagePath(index + 1),
        description,
        position: index + 1,
      })),
    );
    return true;
  });
}
