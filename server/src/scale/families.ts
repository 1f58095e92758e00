import { seededRandom, shuffledIndexes } from './random.ts';

/*
 * The range of a hand-tools manufacturer, as the scale data numbers it: families (hammers,
 * wrenches ...), each made in kinds, sizes and materials, in three finishes, three grades and several
 * pack sizes.
 * A tool's SKU follows the demo catalog's scheme (server/src/modules/demo-catalog.json: family
 * code, kind, size, as 'HM-CLAW-16') and adds the material, the finish, the grade and the pack, so that no
 * scale SKU is a demo one. Categories and attributes will be built from `scaleFamilies` and
 * `scaleToolSpecs` (each tool's family, kind, size and material): nothing here is a column yet.
 */

/** One choice of a dimension: its SKU code, its words in the name, and its price factor. */
export type ScaleOption = { code: string; label: string; factor: number };

export type ScaleFamily = {
  /** The SKU's first part, as in the demo catalog ('HM'). */
  code: string;
  /** The family as a category would name it. */
  name: string;
  /** One tool of it, in its name ('Hammer'). */
  noun: string;
  /** The demo tool whose picture its tools show (web/public/images/tools/<slug>.svg). */
  demoSlug: string;
  /** A standard tool's price in cents, before the factors. */
  basePriceCents: number;
  kinds: readonly ScaleOption[];
  sizes: readonly ScaleOption[];
  materials: readonly ScaleOption[];
  /** What it is made for, for the descriptions ('framing and general carpentry'). */
  uses: readonly string[];
  /** A second sentence of its descriptions, one drawn per tool. */
  features: readonly string[];
};

const option = (code: string, label: string, factor = 1): ScaleOption => ({ code, label, factor });

export const scaleFamilies: readonly ScaleFamily[] = [
  {
    code: 'HM',
    name: 'Hammers',
    noun: 'Hammer',
    demoSlug: 'claw-hammer',
    basePriceCents: 1299,
    kinds: [
      option('CLAW', 'Claw'),
      option('FRAM', 'Framing', 1.3),
      option('BALL', 'Ball Pein', 1.05),
      option('CROSS', 'Cross Pein', 1.05),
      option('CLUB', 'Club', 1.2),
      option('SLDG', 'Sledge', 2.4),
      option('TACK', 'Tack', 0.7),
      option('DBLW', 'Dead Blow', 1.5),
    ],
    sizes: [
      option('8', '8 oz', 0.75),
      option('12', '12 oz', 0.85),
      option('16', '16 oz'),
      option('20', '20 oz', 1.12),
      option('24', '24 oz', 1.25),
      option('32', '32 oz', 1.45),
      option('48', '3 lb', 1.7),
    ],
    materials: [
      option('FG', 'fibreglass handle'),
      option('HK', 'hickory handle', 0.95),
      option('ST', 'one-piece steel', 1.25),
    ],
    uses: ['framing and general carpentry', 'site work and demolition', 'metalwork and riveting'],
    features: [
      'The drop-forged head is heat-treated and polished, and the handle is bonded so it never works loose.',
      'A shock-absorbing grip takes the sting out of a full day of driving nails.',
      'The face is chamfered to resist chipping, and the balance sits close to the head for accurate blows.',
    ],
  },
  {
    code: 'WR',
    name: 'Wrenches',
    noun: 'Wrench',
    demoSlug: 'combination-wrench',
    basePriceCents: 899,
    kinds: [
      option('COMB', 'Combination'),
      option('RTCH', 'Ratcheting', 1.9),
      option('FLRE', 'Flare Nut', 1.3),
      option('OPEN', 'Open End', 0.85),
      option('BOX', 'Box End', 0.95),
      option('PIPE', 'Pipe', 2.2),
      option('TORQ', 'Torque', 6.5),
      option('OBST', 'Obstruction', 1.4),
    ],
    sizes: [
      option('8', '8 mm', 0.8),
      option('10', '10 mm', 0.85),
      option('13', '13 mm'),
      option('17', '17 mm', 1.1),
      option('19', '19 mm', 1.2),
      option('24', '24 mm', 1.4),
      option('32', '32 mm', 1.8),
    ],
    materials: [
      option('CV', 'chrome-vanadium steel'),
      option('CM', 'chrome-molybdenum steel', 1.2),
      option('SS', 'stainless steel', 1.5),
    ],
    uses: [
      'workshop and vehicle maintenance',
      'plant rooms and pipework',
      'assembly lines and machine shops',
    ],
    features: [
      'The 12-point ring grips on the flats of the nut, not its corners, so worn fasteners still turn.',
      'A satin finish resists rust and wipes clean of oil; the size is stamped deep on both sides.',
      'Each one is proof-tested beyond the torque of its standard before it leaves the factory.',
    ],
  },
  {
    code: 'PL',
    name: 'Pliers',
    noun: 'Pliers',
    demoSlug: 'slip-joint-pliers',
    basePriceCents: 899,
    kinds: [
      option('SLIP', 'Slip Joint'),
      option('COMB', 'Combination', 1.05),
      option('LNOS', 'Long Nose', 1.1),
      option('DIAG', 'Diagonal Cutting', 1.15),
      option('LOCK', 'Locking', 1.3),
      option('WPMP', 'Water Pump', 1.35),
      option('CIRC', 'Circlip', 1.25),
      option('FENC', 'Fencing', 1.4),
    ],
    sizes: [
      option('5', '5 in', 0.8),
      option('6', '6 in', 0.9),
      option('7', '7 in', 0.95),
      option('8', '8 in'),
      option('10', '10 in', 1.2),
      option('12', '12 in', 1.4),
    ],
    materials: [
      option('CV', 'chrome-vanadium steel'),
      option('VDE', '1000 V insulated grips', 1.6),
      option('CS', 'carbon steel', 0.85),
    ],
    uses: ['electrical installation', 'plumbing and general repairs', 'fencing and agriculture'],
    features: [
      'Induction-hardened cutting edges stay sharp through copper and soft wire.',
      'The riveted joint is adjusted at the factory for smooth action without play.',
      'Two-component handles keep a firm hold with gloves on or wet hands.',
    ],
  },
  {
    code: 'SW',
    name: 'Saws',
    noun: 'Saw',
    demoSlug: 'hand-saw',
    basePriceCents: 1875,
    kinds: [
      option('HAND', 'Hand'),
      option('TENN', 'Tenon', 1.2),
      option('DOVE', 'Dovetail', 1.25),
      option('COPE', 'Coping', 0.6),
      option('HACK', 'Hacksaw', 0.9),
      option('PULL', 'Japanese Pull', 1.4),
      option('PRUN', 'Pruning', 1.05),
      option('FLOR', 'Flooring', 1.1),
    ],
    sizes: [
      option('6', '6 in', 0.7),
      option('10', '10 in', 0.8),
      option('12', '12 in', 0.9),
      option('15', '15 in', 0.95),
      option('20', '20 in'),
      option('22', '22 in', 1.05),
      option('26', '26 in', 1.15),
    ],
    materials: [
      option('HT', 'induction-hardened teeth'),
      option('BM', 'bi-metal blade', 1.3),
      option('CS', 'carbon steel blade', 0.85),
    ],
    uses: ['joinery and cabinet making', 'site carpentry', 'cutting metal, plastic and pipe'],
    features: [
      'Triple-ground teeth cut on the push stroke and leave a clean edge that needs little sanding.',
      'The blade is tensioned and coated against resin build-up and rust.',
      'The handle carries 45 and 90 degree marking edges for quick layout.',
    ],
  },
  {
    code: 'SD',
    name: 'Screwdrivers',
    noun: 'Screwdriver',
    demoSlug: 'screwdriver-set',
    basePriceCents: 599,
    kinds: [
      option('SLOT', 'Slotted'),
      option('PH', 'Phillips'),
      option('PZ', 'Pozidriv', 1.05),
      option('TX', 'Torx', 1.1),
      option('STUB', 'Stubby', 0.85),
      option('PREC', 'Precision', 0.9),
      option('RTCH', 'Ratcheting', 2.1),
      option('SET', 'Set of 8', 4.1),
    ],
    sizes: [
      option('0', 'size 0', 0.85),
      option('1', 'size 1', 0.9),
      option('2', 'size 2'),
      option('3', 'size 3', 1.1),
      option('4', 'size 4', 1.2),
      option('5', 'size 5', 1.3),
    ],
    materials: [
      option('S2', 'S2 steel tip'),
      option('VDE', '1000 V insulated shaft', 1.5),
      option('CV', 'chrome-vanadium shaft', 0.9),
    ],
    uses: ['electrical and panel work', 'furniture assembly', 'maintenance crews'],
    features: [
      'Magnetic tips hold the screw in place, and the hardened tips keep their shape.',
      'Two-material grips give torque without blisters over a long shift.',
      'A hex bolster under the handle takes a spanner for stubborn screws.',
    ],
  },
  {
    code: 'CH',
    name: 'Chisels',
    noun: 'Chisel',
    demoSlug: 'wood-chisel',
    basePriceCents: 1150,
    kinds: [
      option('WOOD', 'Bevel Edge'),
      option('MORT', 'Mortise', 1.3),
      option('FIRM', 'Firmer', 1.1),
      option('PARE', 'Paring', 1.25),
      option('COLD', 'Cold', 0.8),
      option('BRCK', 'Brick Bolster', 1.15),
      option('FLOR', 'Floorboard', 1.05),
    ],
    sizes: [
      option('6', '6 mm', 0.85),
      option('10', '10 mm', 0.9),
      option('13', '13 mm', 0.95),
      option('19', '19 mm'),
      option('25', '25 mm', 1.1),
      option('32', '32 mm', 1.2),
      option('38', '38 mm', 1.3),
    ],
    materials: [
      option('HB', 'hornbeam handle'),
      option('ACE', 'acetate handle', 0.9),
      option('ST', 'all-steel body', 1.1),
    ],
    uses: ['joinery and restoration', 'masonry and demolition', 'cabinet making'],
    features: [
      'The edge is sharpened and honed at the factory, ready to pare end grain.',
      'A striking cap on the handle takes mallet blows for years.',
      'Chrome-vanadium steel is hardened to hold its edge through hardwoods.',
    ],
  },
  {
    code: 'FL',
    name: 'Files',
    noun: 'File',
    demoSlug: 'metal-file',
    basePriceCents: 575,
    kinds: [
      option('FLAT', 'Flat'),
      option('HALF', 'Half Round', 1.1),
      option('ROUN', 'Round', 0.95),
      option('SQR', 'Square', 0.95),
      option('TRI', 'Three Square', 1.0),
      option('NEED', 'Needle', 0.6),
      option('RASP', 'Cabinet Rasp', 1.4),
      option('SAW', 'Saw Sharpening', 0.9),
    ],
    sizes: [
      option('4', '4 in', 0.7),
      option('6', '6 in', 0.85),
      option('8', '8 in'),
      option('10', '10 in', 1.15),
      option('12', '12 in', 1.3),
      option('14', '14 in', 1.5),
    ],
    materials: [
      option('BST', 'bastard cut'),
      option('2ND', 'second cut', 1.05),
      option('SMT', 'smooth cut', 1.1),
    ],
    uses: ['deburring and fitting', 'tool sharpening', 'woodworking and shaping'],
    features: [
      'Double-cut teeth remove stock quickly on steel, brass and aluminium.',
      'The tang comes fitted with a comfortable, replaceable handle.',
      'Each file is hardened along its length and soft at the tang so it never snaps.',
    ],
  },
  {
    code: 'CL',
    name: 'Clamps',
    noun: 'Clamp',
    demoSlug: 'slip-joint-pliers',
    basePriceCents: 1450,
    kinds: [
      option('FCLP', 'F'),
      option('GCLP', 'G', 0.9),
      option('QGRP', 'Quick Grip', 1.1),
      option('BAR', 'Bar', 1.3),
      option('PIPE', 'Pipe', 1.2),
      option('CRNR', 'Corner', 0.95),
      option('SPRG', 'Spring', 0.45),
      option('TOGL', 'Toggle', 1.25),
    ],
    sizes: [
      option('100', '100 mm', 0.75),
      option('150', '150 mm', 0.85),
      option('200', '200 mm', 0.95),
      option('300', '300 mm'),
      option('450', '450 mm', 1.15),
      option('600', '600 mm', 1.3),
      option('900', '900 mm', 1.55),
    ],
    materials: [
      option('ST', 'forged steel frame'),
      option('ALU', 'aluminium bar', 1.2),
      option('NYL', 'glass-filled nylon body', 0.8),
    ],
    uses: ['glue-ups and assembly', 'welding and fabrication', 'holding work at the bench'],
    features: [
      'Soft pads protect the work, and the screw runs on a fine thread for even pressure.',
      'The sliding arm locks without slipping and releases with one hand.',
      'Rated clamping force is tested on every batch before packing.',
    ],
  },
  {
    code: 'SP',
    name: 'Spanners',
    noun: 'Spanner',
    demoSlug: 'adjustable-spanner',
    basePriceCents: 1425,
    kinds: [
      option('ADJ', 'Adjustable'),
      option('RING', 'Ring', 0.8),
      option('HOOK', 'Hook', 0.9),
      option('BASN', 'Basin', 1.1),
      option('SCAF', 'Scaffold', 0.95),
      option('PODG', 'Podger', 1.0),
      option('STRP', 'Strap', 0.85),
    ],
    sizes: [
      option('6', '6 in', 0.7),
      option('8', '8 in', 0.85),
      option('10', '10 in'),
      option('12', '12 in', 1.15),
      option('15', '15 in', 1.35),
      option('18', '18 in', 1.6),
      option('24', '24 in', 2.1),
    ],
    materials: [
      option('CV', 'chrome-vanadium steel'),
      option('PH', 'phosphate finish', 0.9),
      option('SS', 'stainless steel', 1.5),
    ],
    uses: ['plumbing and heating', 'scaffolding crews', 'agricultural machinery'],
    features: [
      'A smooth, play-free worm gear keeps the jaw where you set it.',
      'Laser-etched scales on both sides let you preset the size before reaching the nut.',
      'The jaw is ground square so it holds the flats without rounding them.',
    ],
  },
  {
    code: 'LV',
    name: 'Levels',
    noun: 'Level',
    demoSlug: 'tape-measure',
    basePriceCents: 2295,
    kinds: [
      option('BOX', 'Box Beam'),
      option('IBM', 'I-Beam', 0.85),
      option('TORP', 'Torpedo', 0.45),
      option('POST', 'Post', 0.4),
      option('DIG', 'Digital', 3.2),
      option('MAS', 'Masonry', 1.2),
    ],
    sizes: [
      option('23', '230 mm', 0.5),
      option('40', '400 mm', 0.75),
      option('60', '600 mm', 0.9),
      option('80', '800 mm'),
      option('100', '1000 mm', 1.15),
      option('120', '1200 mm', 1.3),
      option('180', '1800 mm', 1.7),
      option('200', '2000 mm', 1.9),
    ],
    materials: [
      option('ALU', 'aluminium frame'),
      option('MAG', 'magnetic base', 1.25),
      option('RUB', 'rubber end caps', 1.05),
    ],
    uses: ['bricklaying and block work', 'kitchen and shelf fitting', 'framing and decking'],
    features: [
      'Vials are set in resin and accurate to 0.5 mm per metre in both positions.',
      'A milled base sits true on the work, and the frame survives drops from the bench.',
      'The vials read from above and from the side, in daylight or in a dark loft.',
    ],
  },
  {
    code: 'TM',
    name: 'Tape Measures',
    noun: 'Tape Measure',
    demoSlug: 'tape-measure',
    basePriceCents: 699,
    kinds: [
      option('PKT', 'Pocket'),
      option('SITE', 'Site', 1.3),
      option('LONG', 'Long', 2.1),
      option('TAIL', 'Tailor', 0.3),
      option('DIAM', 'Diameter', 1.6),
    ],
    sizes: [
      option('2', '2 m', 0.6),
      option('3', '3 m', 0.75),
      option('5', '5 m'),
      option('8', '8 m', 1.3),
      option('10', '10 m', 1.5),
      option('30', '30 m', 2.6),
      option('50', '50 m', 3.4),
    ],
    materials: [
      option('NYL', 'nylon-coated blade'),
      option('FG', 'fibreglass blade', 1.1),
      option('SS', 'stainless blade', 1.35),
    ],
    uses: ['setting out on site', 'joinery and shop fitting', 'surveying and landscaping'],
    features: [
      'Metric and imperial markings on both edges, with a thumb lock and a sturdy belt clip.',
      'A rubber-armoured case survives drops on the site floor.',
      'The true-zero hook slides to measure inside and outside alike.',
    ],
  },
  {
    code: 'ML',
    name: 'Mallets',
    noun: 'Mallet',
    demoSlug: 'claw-hammer',
    basePriceCents: 1050,
    kinds: [
      option('RUBB', 'Rubber'),
      option('WOOD', 'Carpenter', 1.2),
      option('NYLF', 'Nylon Faced', 1.3),
      option('COPR', 'Copper', 2.4),
      option('RAWH', 'Rawhide', 1.8),
    ],
    sizes: [
      option('8', '8 oz', 0.7),
      option('16', '16 oz', 0.85),
      option('24', '24 oz'),
      option('32', '32 oz', 1.15),
      option('48', '3 lb', 1.35),
      option('64', '4 lb', 1.6),
    ],
    materials: [
      option('FG', 'fibreglass handle'),
      option('ASH', 'ash handle', 0.95),
      option('ST', 'tubular steel handle', 1.1),
    ],
    uses: ['paving and tiling', 'joinery and chisel work', 'assembly without marking'],
    features: [
      'The head strikes firmly without marking timber, stone or finished parts.',
      'A wedged handle stays tight through seasons of use.',
      'The faces are replaceable, so the mallet outlives its first pair of heads.',
    ],
  },
  {
    code: 'HX',
    name: 'Hex Keys',
    noun: 'Hex Key',
    demoSlug: 'combination-wrench',
    basePriceCents: 395,
    kinds: [
      option('LKEY', 'L'),
      option('BALL', 'Ball End', 1.2),
      option('THDL', 'T-Handle', 2.3),
      option('FOLD', 'Folding Set', 3.1),
      option('LSET', 'L Set of 9', 4.5),
    ],
    sizes: [
      option('15', '1.5 mm', 0.6),
      option('2', '2 mm', 0.65),
      option('3', '3 mm', 0.75),
      option('4', '4 mm', 0.85),
      option('5', '5 mm'),
      option('6', '6 mm', 1.1),
      option('8', '8 mm', 1.25),
      option('10', '10 mm', 1.45),
    ],
    materials: [
      option('S2', 'S2 steel'),
      option('CV', 'chrome-vanadium steel', 0.85),
      option('SS', 'stainless steel', 1.4),
    ],
    uses: ['machine and furniture assembly', 'bicycle and motorbike workshops', 'maintenance kits'],
    features: [
      'Precision-ground tips fit the socket snugly and do not round it out.',
      'Colour-coded sleeves make the right size easy to find in a full box.',
      'The ball end turns screws at up to 25 degrees off axis in tight corners.',
    ],
  },
  {
    code: 'KN',
    name: 'Utility Knives',
    noun: 'Knife',
    demoSlug: 'wood-chisel',
    basePriceCents: 845,
    kinds: [
      option('SNAP', 'Snap-Off'),
      option('RETR', 'Retractable', 1.2),
      option('FOLD', 'Folding', 1.5),
      option('HOOK', 'Hook Blade', 1.1),
      option('SAFE', 'Safety', 1.3),
    ],
    sizes: [
      option('9', '9 mm blade', 0.8),
      option('18', '18 mm blade'),
      option('25', '25 mm blade', 1.2),
      option('STD', 'standard blade', 1.05),
    ],
    materials: [
      option('ZN', 'die-cast zinc body'),
      option('ALU', 'aluminium body', 1.1),
      option('ABS', 'ABS body', 0.7),
    ],
    uses: ['flooring and carpet fitting', 'plasterboard work', 'packaging and warehouses'],
    features: [
      'Blades change without tools, and five spares travel in the handle.',
      'An auto-lock slider holds the blade firm at every length.',
      'The rubber over-mould keeps the knife in hand when cutting hard.',
    ],
  },
  {
    code: 'PB',
    name: 'Pry Bars',
    noun: 'Pry Bar',
    demoSlug: 'claw-hammer',
    basePriceCents: 1195,
    kinds: [
      option('WREC', 'Wrecking'),
      option('FLAT', 'Flat', 0.8),
      option('ROLL', 'Rolling Head', 1.2),
      option('NAIL', 'Nail Puller', 0.9),
      option('TRIM', 'Trim', 0.7),
    ],
    sizes: [
      option('8', '200 mm', 0.6),
      option('12', '300 mm', 0.75),
      option('18', '450 mm', 0.9),
      option('24', '600 mm'),
      option('36', '900 mm', 1.3),
      option('42', '1050 mm', 1.5),
    ],
    materials: [
      option('HEX', 'hex steel'),
      option('FLT', 'flat spring steel', 0.9),
      option('TI', 'titanium', 3.2),
    ],
    uses: ['demolition and strip-out', 'lifting floorboards', 'removing trim and nails'],
    features: [
      'Forged from one piece of steel, hardened at the working ends.',
      'The nail slots are ground thin to grip nails flush with the surface.',
      'A cushioned grip guards the hands when the bar is struck.',
    ],
  },
  {
    code: 'SN',
    name: 'Snips',
    noun: 'Snips',
    demoSlug: 'slip-joint-pliers',
    basePriceCents: 1395,
    kinds: [
      option('STR', 'Straight Cut'),
      option('LEFT', 'Left Cut'),
      option('RGHT', 'Right Cut'),
      option('TIN', 'Tinman', 0.9),
      option('BULL', 'Bulldog', 1.3),
      option('OFFS', 'Offset', 1.15),
    ],
    sizes: [
      option('7', '7 in', 0.8),
      option('10', '10 in'),
      option('12', '12 in', 1.15),
      option('14', '14 in', 1.3),
    ],
    materials: [
      option('CM', 'chrome-molybdenum blades'),
      option('HSS', 'high-speed steel blades', 1.35),
      option('CS', 'carbon steel blades', 0.85),
    ],
    uses: ['roofing and guttering', 'HVAC ductwork', 'sheet metal fabrication'],
    features: [
      'Compound leverage cuts 1.2 mm mild steel with ease.',
      'Serrated blades grip the sheet and leave a clean, burr-free edge.',
      'A one-handed latch keeps the blades closed in the tool belt.',
    ],
  },
];

/** A grade multiplies the price; the standard grade adds nothing to SKU or name. */
export const scaleGrades: readonly ScaleOption[] = [
  option('', '', 1),
  option('PRO', 'Pro', 1.35),
  option('IND', 'Industrial', 1.8),
];

/** Pack sizes: a pack of n costs a little less than n single tools. */
export const scalePacks: readonly ScaleOption[] = [
  option('', '1', 1),
  option('P2', '2', 1.92),
  option('P6', '6', 5.5),
  option('P12', '12', 10.6),
  option('P24', '24', 20.5),
];

/** Colour of grips and cases: the trade's black, and hi-vis yellow for sites; natural adds nothing. */
export const scaleFinishes: readonly ScaleOption[] = [
  option('', '', 1),
  option('BK', 'black', 1.02),
  option('YL', 'hi-vis yellow', 1.05),
];

/** One tool of the range: where it sits (what categories and attributes will read) and its SKU. */
export type ScaleToolSpec = {
  family: ScaleFamily;
  kind: ScaleOption;
  size: ScaleOption;
  material: ScaleOption;
  finish: ScaleOption;
  grade: ScaleOption;
  pack: ScaleOption;
  /** 'HM-CLAW-16-FG', 'HM-CLAW-16-FG-YL-PRO-P6': family, kind, size, material, finish, grade, pack. */
  sku: string;
  /** 'Pro Claw Hammer 16 oz, fibreglass handle, hi-vis yellow (pack of 6)'. */
  name: string;
};

const combinationsOf = (family: ScaleFamily) =>
  family.kinds.length *
  family.sizes.length *
  family.materials.length *
  scaleFinishes.length *
  scaleGrades.length *
  scalePacks.length;

/** How many different tools the range holds: the largest `--tools` there can be. */
export const scaleToolCapacity = scaleFamilies.reduce(
  (sum, family) => sum + combinationsOf(family),
  0,
);

/** The tool of the range with this number (0 .. scaleToolCapacity - 1). */
function specAt(number: number): ScaleToolSpec {
  let left = number;
  for (const family of scaleFamilies) {
    const combinations = combinationsOf(family);
    if (left >= combinations) {
      left -= combinations;
      continue;
    }
    const take = <T>(items: readonly T[]): T => {
      const item = items[left % items.length]!;
      left = Math.floor(left / items.length);
      return item;
    };
    const pack = take(scalePacks);
    const grade = take(scaleGrades);
    const finish = take(scaleFinishes);
    const material = take(family.materials);
    const size = take(family.sizes);
    const kind = take(family.kinds);
    const sku = [
      family.code,
      kind.code,
      size.code,
      material.code,
      finish.code,
      grade.code,
      pack.code,
    ]
      .filter(Boolean)
      .join('-');
    const packWords = pack.code ? ` (pack of ${pack.label})` : '';
    const gradeWords = grade.label ? `${grade.label} ` : '';
    const finishWords = finish.label ? `, ${finish.label}` : '';
    const name = `${gradeWords}${kind.label} ${family.noun} ${size.label}, ${material.label}${finishWords}${packWords}`;
    return { family, kind, size, material, finish, grade, pack, sku, name };
  }
  throw new Error(`no tool ${number} in a range of ${scaleToolCapacity}`);
}

/**
 * The `count` tools of the scale catalog for `seed`, in catalog order (family by family, then
 * kind, size ...): a seeded choice among the whole range, so a smaller catalog still spans every
 * family. The same seed and count give the same tools, and so the same SKUs.
 */
export function scaleToolSpecs(count: number, seed: number): ScaleToolSpec[] {
  if (count > scaleToolCapacity) {
    throw new Error(`the range holds ${scaleToolCapacity} different tools; asked for ${count}`);
  }
  const chosen = shuffledIndexes(scaleToolCapacity, seededRandom(seed, 'range')).slice(0, count);
  return [...chosen].sort((a, b) => a - b).map(specAt);
}
