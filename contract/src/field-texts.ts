import { homeTexts } from './home-texts.ts';

/** A field's value refused, whatever the form or the call. */
export const fieldTexts = {
  /**
   * A field's value refused (the API's 400 answers and the forms' red lines), named by the
   * field as a person calls it: 'address', 'image link'.
   */
  fieldErrors: {
    required: homeTexts.home.contactRequired,
    notText: (field: string) => `${field} must be text`,
    tooLong: (field: string, max: number) => `${field} must be at most ${max} characters`,
    nulCharacter: (field: string) => `${field} must not contain a NUL character`,
    notANumber: (field: string) => `${field} must be a number`,
    notWhole: (field: string) => `${field} must be a whole number`,
    digitsOnly: (field: string) => `${field} must be written with digits only`,
    tooSmall: (field: string, min: number) => `${field} must be at least ${min}`,
    tooLarge: (field: string, max: number) => `${field} must be at most ${max}`,
    notPositive: (field: string) => `${field} must be a positive number`,
    tooManyDecimals: (field: string) => `${field} must have at most two decimals`,
    priceTooHigh: (field: string, limit: string) => `${field} must be less than ${limit}`,
    /** A positive amount that is less than a cent (5e-324): it would be stored as 0. */
    belowOneCent: (field: string) => `${field} must be at least $0.01`,
    notOneOf: (field: string, choices: readonly string[]) =>
      `${field} must be one of ${choices.join(', ')}`,
  },
} as const;
