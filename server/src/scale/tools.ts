import type { Executor } from '../db/client.ts';
import { toolImagePath } from '../modules/seed.ts';
import { toolPriceBreaks, tools } from '../modules/tables.ts';
import { scaleToolSpecs, type ScaleToolSpec } from './families.ts';
import { insertJsonRows } from './json-rows.ts';
import { scaleId, seededRandom, type Random } from './random.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Share of tools archived (off sale; their earlier orders stay), and of tools sold out. */
const ARCHIVED_SHARE = 0.02;
const SOLD_OUT_SHARE = 0.01;
/** Share of tools on sale with volume pricing, and the breaks' steps (times the minimum, price). */
const PRICE_BREAK_SHARE = 0.35;
const BREAK_STEPS = [
  { timesMinimum: 4, priceFactor: 0.93 },
  { timesMinimum: 10, priceFactor: 0.86 },
  { timesMinimum: 25, priceFactor: 0.8 },
] as const;

export type ScalePriceBreak = { minQuantity: number; priceCents: number };

/** A tool of the scale catalog as it is written, with where it sits in the range. */
export type ScaleTool = ScaleToolSpec & {
  id: string;
  description: string;
  image: string;
  priceCents: number;
  minOrderQuantity: number;
  availableQuantity: number;
  /** Lowest quantity first, as the rules want them (above the minimum, prices falling). */
  priceBreaks: ScalePriceBreak[];
  createdAt: Date;
  /** Set for the few taken off sale: no order of it is placed after this. */
  archivedAt: Date | null;
};

/** A price as a price list writes it: to the nearest 5 cents, less one ($12.99, $8.94). */
const listPrice = (cents: number) => Math.max(99, Math.round(cents / 5) * 5 - 1);

/** The smallest order a buyer may place, by the unit's price: cheap tools by the hundred. */
function minimumOf(unitCents: number, packSize: number, random: Random): number {
  const minimum =
    unitCents < 1_000
      ? random.pick([100, 120, 150, 200, 250])
      : unitCents < 3_000
        ? random.pick([40, 50, 60, 75, 80, 100])
        : unitCents < 10_000
          ? random.pick([10, 12, 20, 25, 30])
          : random.pick([2, 4, 5, 6, 10]);
  return Math.max(1, Math.round(minimum / packSize));
}

function priceBreaksOf(priceCents: number, minimum: number, random: Random): ScalePriceBreak[] {
  const count = random.int(1, BREAK_STEPS.length);
  const breaks: ScalePriceBreak[] = [];
  for (const step of BREAK_STEPS.slice(0, count)) {
    const minQuantity = Math.max(minimum + 1, Math.round((minimum * step.timesMinimum) / 5) * 5);
    const below = breaks.at(-1)?.priceCents ?? priceCents;
    const stepped = listPrice(priceCents * step.priceFactor);
    // Each break strictly below the list price and the break before it (the admins' rule).
    const breakCents = Math.min(stepped, below - 1);
    if (breakCents <= 0 || minQuantity <= (breaks.at(-1)?.minQuantity ?? minimum)) break;
    breaks.push({ minQuantity, priceCents: breakCents });
  }
  return breaks;
}

function descriptionOf(spec: ScaleToolSpec, random: Random): string {
  const { family, kind, size, material, grade, pack } = spec;
  const what = `${kind.label.toLowerCase()} ${family.noun.toLowerCase()}`;
  const opening = random.pick([
    `A ${size.label} ${what} with ${material.label}, made for ${random.pick(family.uses)}.`,
    `This ${what} (${size.label}) comes with ${material.label} and is built for ${random.pick(family.uses)}.`,
    `Our ${size.label} ${what}, ${material.label}: a workhorse for ${random.pick(family.uses)}.`,
  ]);
  const sentences = [opening, random.pick(family.features)];
  if (grade.code === 'PRO')
    sentences.push('Pro grade: tighter tolerances and a five-year warranty.');
  if (grade.code === 'IND') {
    sentences.push('Industrial grade, certified for daily use on production lines.');
  }
  if (pack.code) sentences.push(`Sold in packs of ${pack.label} for crews and resellers.`);
  return sentences.join(' ');
}

/**
 * The scale catalog: `count` tools of the range (scaleToolSpecs) with prices, minimums, stock,
 * price breaks, a description each and the demo picture of their family; spaced a second apart
 * two years ago so the catalog lists them in range order, a few archived, a few sold out.
 */
export function planScaleTools(count: number, seed: number, now: Date): ScaleTool[] {
  const random = seededRandom(seed, 'tools');
  const base = now.getTime() - 730 * DAY_MS;
  return scaleToolSpecs(count, seed).map((spec, index) => {
    const packSize = Number(spec.pack.label);
    const factors = [spec.kind, spec.size, spec.material, spec.finish, spec.grade, spec.pack];
    const priceCents = listPrice(
      factors.reduce((cents, { factor }) => cents * factor, spec.family.basePriceCents) *
        (0.92 + random.next() * 0.16),
    );
    const minOrderQuantity = minimumOf(priceCents / packSize, packSize, random);
    const archived = random.chance(ARCHIVED_SHARE);
    const soldOut = !archived && random.chance(SOLD_OUT_SHARE);
    const availableQuantity = soldOut ? 0 : minOrderQuantity * random.int(6, 70);
    const priceBreaks =
      !archived && random.chance(PRICE_BREAK_SHARE)
        ? priceBreaksOf(priceCents, minOrderQuantity, random)
        : [];
    return {
      ...spec,
      id: scaleId(seed, 'tool', index),
      description: descriptionOf(spec, random),
      image: toolImagePath(spec.family.demoSlug),
      priceCents,
      minOrderQuantity,
      availableQuantity,
      priceBreaks,
      createdAt: new Date(base + index * 1000),
      archivedAt: archived ? new Date(now.getTime() - random.int(1, 200) * DAY_MS) : null,
    };
  });
}

/** Writes the tools and their price breaks; resolves to the rows written per table. */
export async function insertScaleTools(executor: Executor, catalog: readonly ScaleTool[]) {
  const toolRows = catalog.map((tool) => ({
    id: tool.id,
    name: tool.name,
    sku: tool.sku,
    image: tool.image,
    description: tool.description,
    price_cents: tool.priceCents,
    min_order_quantity: tool.minOrderQuantity,
    available_quantity: tool.availableQuantity,
    archived_at: tool.archivedAt?.toISOString() ?? null,
    created_at: tool.createdAt.toISOString(),
    updated_at: (tool.archivedAt ?? tool.createdAt).toISOString(),
  }));
  const written = await insertJsonRows(
    executor,
    tools,
    {
      id: 'uuid',
      name: 'text',
      sku: 'text',
      image: 'text',
      description: 'text',
      price_cents: 'int',
      min_order_quantity: 'int',
      available_quantity: 'int',
      archived_at: 'timestamptz',
      created_at: 'timestamptz',
      updated_at: 'timestamptz',
    },
    toolRows,
  );
  const breakRows = catalog.flatMap((tool) =>
    tool.priceBreaks.map((priceBreak) => ({
      tool_id: tool.id,
      min_quantity: priceBreak.minQuantity,
      price_cents: priceBreak.priceCents,
    })),
  );
  const breaks = await insertJsonRows(
    executor,
    toolPriceBreaks,
    { tool_id: 'uuid', min_quantity: 'int', price_cents: 'int' },
    breakRows,
  );
  return { tools: written, tool_price_breaks: breaks };
}
