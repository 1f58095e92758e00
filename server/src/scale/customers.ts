import { hashPassword } from 'better-auth/crypto';
import type { Executor } from '../db/client.ts';
import { accounts, users } from '../modules/tables.ts';
import { insertJsonRows, type JsonRow } from './json-rows.ts';
import { scaleId, seededRandom } from './random.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The admin every scale database has, with the customers' password. */
export const SCALE_ADMIN_EMAIL = 'scale-admin@example.com';
const SCALE_ADMIN_NAME = 'Scale Admin';

const FIRST_NAMES = [
  'Amelia', 'Oliver', 'Isla', 'George', 'Ava', 'Noah', 'Mia', 'Arthur', 'Ivy', 'Leo', 'Grace',
  'Oscar', 'Freya', 'Harry', 'Lily', 'Jack', 'Rosie', 'Charlie', 'Ella', 'Thomas', 'Sophia',
  'James', 'Evie', 'William', 'Poppy', 'Henry', 'Alice', 'Alfie', 'Florence', 'Joshua', 'Priya',
  'Mohammed', 'Aisha', 'Ravi', 'Zara', 'Kwame', 'Chloe', 'Daniel', 'Hannah', 'Samuel', 'Megan',
  'Lucas', 'Nadia', 'Tomasz', 'Elena', 'Connor', 'Siobhan', 'Rhys', 'Catrin', 'Fergus',
] as const; // prettier-ignore

const LAST_NAMES = [
  'Carter', 'Smith', 'Jones', 'Taylor', 'Brown', 'Williams', 'Wilson', 'Johnson', 'Davies',
  'Patel', 'Robinson', 'Wright', 'Thompson', 'Evans', 'Walker', 'White', 'Roberts', 'Green',
  'Hall', 'Wood', 'Jackson', 'Clarke', 'Khan', 'Hughes', 'Edwards', 'Turner', 'Hill', 'Moore',
  'Cooper', 'Ward', 'Morris', 'King', 'Watson', 'Harrison', 'Morgan', 'Baker', 'Young', 'Allen',
  'Nowak', 'Okafor', 'Singh', 'Murphy', 'Kelly', 'Price', 'Bennett', 'Griffiths', 'Lewis',
] as const; // prettier-ignore

const COMPANY_WORDS = [
  'North', 'Forge', 'Oak', 'Stone', 'Iron', 'Bridge', 'Harbour', 'Valley', 'Summit', 'Anchor',
  'Granite', 'Cedar', 'Union', 'Crown', 'Mill', 'Keystone', 'Riverside', 'Castle', 'Beacon', 'Meridian',
] as const; // prettier-ignore

const COMPANY_KINDS = [
  'Build', 'Construction', 'Joinery', 'Engineering', 'Maintenance', 'Plumbing', 'Electrical',
  'Fabrication', 'Roofing', 'Supplies', 'Contractors', 'Facilities',
] as const; // prettier-ignore

const STREETS = [
  'Forge Lane', 'Mill Road', 'Station Street', 'Canal Wharf', 'High Street', 'Victoria Road',
  'Church Lane', 'Industrial Estate Way', 'Foundry Close', 'Market Place', 'Park Avenue', 'Quarry Road',
] as const; // prettier-ignore

/** Towns with the first part of a postcode of theirs. */
const TOWNS = [
  ['Sheffield', 'S1'], ['Leeds', 'LS2'], ['Manchester', 'M1'], ['Birmingham', 'B1'],
  ['Bristol', 'BS1'], ['Glasgow', 'G1'], ['Cardiff', 'CF10'], ['Newcastle', 'NE1'],
  ['Nottingham', 'NG1'], ['Leicester', 'LE1'], ['Liverpool', 'L1'], ['Belfast', 'BT1'],
  ['Edinburgh', 'EH1'], ['Norwich', 'NR1'], ['Plymouth', 'PL1'], ['Southampton', 'SO14'],
] as const; // prettier-ignore

/** A verified customer account of the scale data, and what its checkouts are placed with. */
export type ScaleCustomer = {
  id: string;
  name: string;
  email: string;
  /** '' for a sole trader; the invoice prints it when set. */
  companyName: string;
  taxNumber: string;
  address: string;
  /** In the 0113 496 0xxx range Ofcom keeps for drama: no real line. */
  phone: string;
  createdAt: Date;
};

const slug = (words: string) => words.toLowerCase().replace(/[^a-z0-9]+/g, '');

/**
 * `count` customers, each with a company (most) or not, an address and a phone; their e-mails
 * are unique (numbered) and end in `.example.com`. Opened in the year before the orders' year.
 */
export function planScaleCustomers(count: number, seed: number, now: Date): ScaleCustomer[] {
  const random = seededRandom(seed, 'customers');
  return Array.from({ length: count }, (_, index) => {
    const first = random.pick(FIRST_NAMES);
    const last = random.pick(LAST_NAMES);
    const company = random.chance(0.7)
      ? `${random.pick(COMPANY_WORDS)} ${random.pick(COMPANY_KINDS)} Ltd`
      : '';
    const domain = company
      ? `${slug(company.replace(/ Ltd$/, ''))}.example.com`
      : 'mail.example.com';
    const [town, postcode] = random.pick(TOWNS);
    const address = `${random.int(1, 240)} ${random.pick(STREETS)}, ${town} ${postcode} ${random.int(1, 9)}${random.pick(['AB', 'DF', 'HL', 'PQ', 'RT', 'WX'])}, United Kingdom`;
    return {
      id: scaleId(seed, 'user', index),
      name: `${first} ${last}`,
      email: `${slug(first)}.${slug(last)}.${index + 1}@${domain}`,
      companyName: company,
      taxNumber: company ? `GB${String(random.int(100_000_000, 999_999_999))}` : '',
      address,
      phone: `+44 113 496 0${String(random.int(0, 999)).padStart(3, '0')}`,
      createdAt: new Date(now.getTime() - random.int(370, 1_000) * DAY_MS),
    };
  });
}

/** The admin account of the scale data (Manage Orders, Sales ...). */
export function scaleAdmin(seed: number, now: Date) {
  return {
    id: scaleId(seed, 'user', -1),
    name: SCALE_ADMIN_NAME,
    email: SCALE_ADMIN_EMAIL,
    createdAt: new Date(now.getTime() - 1_100 * DAY_MS),
  };
}

/**
 * Writes the customers and the admin as Better Auth keeps e-mail accounts (a user, and a
 * 'credential' account holding the password's hash), every e-mail verified. The password is hashed
 * once, by Better Auth's own hasher (the one auth.ts leaves in place), and the hash shared.
 */
export async function insertScaleAccounts(
  executor: Executor,
  customers: readonly ScaleCustomer[],
  admin: ReturnType<typeof scaleAdmin>,
  password: string,
  seed: number,
) {
  const hash = await hashPassword(password);
  const people = [
    ...customers.map((customer) => ({ ...customer, role: 'user' })),
    {
      ...admin,
      role: 'admin',
    },
  ];
  const userRows: JsonRow[] = people.map((person) => ({
    id: person.id,
    name: person.name,
    email: person.email,
    email_verified: true,
    role: person.role,
    created_at: person.createdAt.toISOString(),
    updated_at: person.createdAt.toISOString(),
  }));
  const written = await insertJsonRows(
    executor,
    users,
    {
      id: 'text',
      name: 'text',
      email: 'text',
      email_verified: 'boolean',
      role: 'text',
      created_at: 'timestamptz',
      updated_at: 'timestamptz',
    },
    userRows,
  );
  const accountRows: JsonRow[] = people.map((person, index) => ({
    id: scaleId(seed, 'account', index),
    account_id: person.id,
    provider_id: 'credential',
    user_id: person.id,
    password: hash,
    created_at: person.createdAt.toISOString(),
    updated_at: person.createdAt.toISOString(),
  }));
  const credentials = await insertJsonRows(
    executor,
    accounts,
    {
      id: 'text',
      account_id: 'text',
      provider_id: 'text',
      user_id: 'text',
      password: 'text',
      created_at: 'timestamptz',
      updated_at: 'timestamptz',
    },
    accountRows,
  );
  return { users: written, accounts: credentials };
}
