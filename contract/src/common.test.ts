import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { PRICE_LIMIT, priceSchema, textSchema, wholeNumberSchema } from './common.ts';
import { PlaceOrderSchema } from './orders.ts';
import { texts } from './texts.ts';
import { CreateToolSchema } from './tools.ts';
import { MAX_WHOLE_NUMBER } from './whole-number.ts';
import { EmailSchema, UpsertUserSchema } from './users.ts';

const fieldErrors = texts.fieldErrors;

/** The first message a value gets from a schema, or the parsed value when it passes. */
function outcome(schema: z.ZodType, value: unknown): { message: string } | { value: unknown } {
  const result = schema.safeParse(value);
  return result.success
    ? { value: result.data }
    : { message: result.error.issues[0]?.message ?? '(no message)' };
}

describe('textSchema', () => {
  const address = textSchema('address', { max: 500 });

  it('trims, and keeps text within the limit', () => {
    expect(outcome(address, '  12 Forge Lane  ')).toEqual({ value: '12 Forge Lane' });
    expect(outcome(address, 'a'.repeat(500))).toEqual({ value: 'a'.repeat(500) });
  });

  it('says which limit a text exceeded, not that it is missing', () => {
    expect(outcome(address, 'a'.repeat(600))).toEqual({
      message: 'address must be at most 500 characters',
    });
  });

  it.each([undefined, '', '   '])('says the field is required for %j', (value) => {
    expect(outcome(address, value)).toEqual({ message: 'address is required' });
  });

  it('refuses a NUL character anywhere', () => {
    for (const value of ['12 Forge\u0000Lane', '\u0000', 'Lane\u0000']) {
      expect(outcome(address, value)).toEqual({ message: fieldErrors.nulCharacter('address') });
    }
  });

  it('refuses what is not text', () => {
    for (const value of [42, ['12 Forge Lane'], { street: 'x' }, null]) {
      expect(outcome(address, value)).toEqual({ message: 'address must be text' });
    }
  });

  it('allows an empty text when the field is optional', () => {
    const phone = textSchema('phone', { max: 40, required: false });
    expect(outcome(phone, '')).toEqual({ value: '' });
    expect(outcome(phone, '5'.repeat(41))).toEqual({
      message: 'phone must be at most 40 characters',
    });
  });
});

describe('wholeNumberSchema', () => {
  const quantity = wholeNumberSchema('quantity');

  it.each([
    [101, 101],
    ['101', 101],
    [0, 0],
    ['007', 7],
    [MAX_WHOLE_NUMBER, MAX_WHOLE_NUMBER],
  ])('accepts %j as %d', (value, parsed) => {
    expect(outcome(quantity, value)).toEqual({ value: parsed });
  });

  it.each(['0x65', '1.01e2', '1e3', '-1', '+101', ' 101', '101 ', '10.0'])(
    'refuses the string %j: digits only',
    (value) => {
      expect(outcome(quantity, value)).toEqual({ message: fieldErrors.digitsOnly('quantity') });
    },
  );

  it.each([[[101]], [{ value: 101 }], [true], [null], ['many'], ['1_000'], [''], ['  ']])(
    'refuses %j as not a number',
    (value) => {
      expect(outcome(quantity, value)).toEqual({ message: fieldErrors.notANumber('quantity') });
    },
  );

  it('says a missing quantity is required', () => {
    expect(outcome(quantity, undefined)).toEqual({ message: 'quantity is required' });
  });

  it('refuses fractions, as numbers or as typed', () => {
    expect(outcome(quantity, 1.5)).toEqual({ message: fieldErrors.notWhole('quantity') });
    expect(outcome(quantity, '12.5')).toEqual({ message: fieldErrors.notWhole('quantity') });
    expect(outcome(quantity, '.5')).toEqual({ message: fieldErrors.notWhole('quantity') });
  });

  it('refuses numbers outside its range, with the range in words or the given message', () => {
    expect(outcome(quantity, -1)).toEqual({ message: fieldErrors.tooSmall('quantity', 0) });
    expect(outcome(quantity, MAX_WHOLE_NUMBER + 1)).toEqual({
      message: fieldErrors.tooLarge('quantity', MAX_WHOLE_NUMBER),
    });
    expect(outcome(quantity, '99999999999999999999')).toEqual({
      message: fieldErrors.tooLarge('quantity', MAX_WHOLE_NUMBER),
    });
    const stars = wholeNumberSchema('rating', { min: 1, max: 5, outOfRange: 'one to five' });
    expect(outcome(stars, 6)).toEqual({ message: 'one to five' });
    expect(outcome(stars, 0)).toEqual({ message: 'one to five' });
  });
});

describe('priceSchema', () => {
  const price = priceSchema();

  it.each([
    [19.99, 19.99],
    ['19.99', 19.99],
    ['20', 20],
    [0.01, 0.01],
    [999_999.99, 999_999.99],
    // A client's float noise is read as the whole cents it stands for.
    [0.1 + 0.2, 0.3],
    ['0.30', 0.3],
  ])('accepts %j', (value, parsed) => {
    expect(outcome(price, value)).toEqual({ value: parsed });
  });

  it('refuses 1e20 and anything from the limit up', () => {
    const tooHigh = fieldErrors.priceTooHigh('price', '$1,000,000');
    for (const value of [1e20, PRICE_LIMIT, '1000000']) {
      expect(outcome(price, value), String(value)).toEqual({ message: tooHigh });
    }
  });

  it('refuses a positive value that is less than a cent (it would be stored as 0)', () => {
    // Issue 22 item 20: 5e-324 passed the schema and became 0 cents, refused by the database.
    for (const value of [5e-324, 1e-9, Number.MIN_VALUE]) {
      expect(outcome(price, value), String(value)).toEqual({
        message: fieldErrors.belowOneCent('price'),
      });
    }
  });

  it('answers whole cents, whatever float noise came in', () => {
    for (const value of [19.99, 0.29, 1.005 - 0.005, 999_999.99]) {
      const parsed = price.parse(value);
      expect(Number.isInteger(Math.round(parsed * 100))).toBe(true);
      expect(parsed).toBe(Math.round(value * 100) / 100);
    }
  });

  it('refuses zero and negative prices', () => {
    for (const value of [0, -5, '0']) {
      expect(outcome(price, value), String(value)).toEqual({
        message: 'price must be a positive number',
      });
    }
  });

  it('refuses a third decimal', () => {
    for (const value of [0.001, 19.999, '19.999']) {
      expect(outcome(price, value), String(value)).toEqual({
        message: fieldErrors.tooManyDecimals('price'),
      });
    }
  });

  it('refuses what is not a price', () => {
    // JSON's 1e999 parses to Infinity: no price either.
    for (const value of [
      Infinity,
      -Infinity,
      NaN,
      'Infinity',
      '1e3',
      '0x10',
      '-5',
      '',
      [20],
      true,
    ]) {
      expect(outcome(price, value), String(value)).toEqual({
        message: fieldErrors.notANumber('price'),
      });
    }
  });
});

describe('the route schemas use the rules', () => {
  const order = {
    name: 'Claw Hammer',
    address: '12 Forge Lane',
    quantity: '101',
    email: 'buyer@example.com',
  };

  it('parses an order strictly', () => {
    expect(PlaceOrderSchema.parse(order)).toMatchObject({ quantity: 101, phone: '' });
    expect(outcome(PlaceOrderSchema, { ...order, quantity: [101] })).toEqual({
      message: fieldErrors.notANumber('quantity'),
    });
    expect(outcome(PlaceOrderSchema, { ...order, quantity: -1 })).toEqual({
      message: texts.purchase.quantityOutOfRange,
    });
    expect(outcome(PlaceOrderSchema, { ...order, address: 'a'.repeat(600) })).toEqual({
      message: 'address must be at most 500 characters',
    });
    expect(outcome(PlaceOrderSchema, { ...order, phone: '555\u00001234' })).toEqual({
      message: fieldErrors.nulCharacter('phone'),
    });
    expect(outcome(PlaceOrderSchema, { ...order, price: 1e20 })).toEqual({
      message: fieldErrors.priceTooHigh('price', '$1,000,000'),
    });
  });

  it('parses a new tool strictly', () => {
    const tool = {
      name: 'Claw Hammer',
      desc: 'Forged steel',
      img: '/images/tools/claw-hammer.svg',
      price: '19.99',
      minOrderQuantity: '10',
      availableQuantity: 500,
    };
    expect(CreateToolSchema.parse(tool)).toMatchObject({
      price: 19.99,
      minOrderQuantity: 10,
      availableQuantity: 500,
    });
    expect(outcome(CreateToolSchema, { ...tool, name: 'Claw\u0000Hammer' })).toEqual({
      message: fieldErrors.nulCharacter('name'),
    });
    expect(outcome(CreateToolSchema, { ...tool, desc: '' })).toEqual({
      message: 'description is required',
    });
    expect(outcome(CreateToolSchema, { ...tool, availableQuantity: '0x65' })).toEqual({
      message: fieldErrors.digitsOnly('available quantity'),
    });
  });

  it('refuses a NUL character in an e-mail and in a display name', () => {
    expect(outcome(EmailSchema, 'buyer@example.com\u0000')).toEqual({
      message: fieldErrors.nulCharacter('email'),
    });
    expect(
      outcome(UpsertUserSchema, { email: 'buyer@example.com', name: 'Ada\u0000Lovelace' }),
    ).toEqual({ message: fieldErrors.nulCharacter('name') });
  });
});
