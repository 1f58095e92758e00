/** An error meant for the person on the other end: the error handler answers its status and message. */
export class HttpError extends Error {
  readonly statusCode: number;
  constructor(statusCode: number, message: string) {
    super(message);
    this.name = 'HttpError';
    this.statusCode = statusCode;
  }
}

export const badRequest = (message: string) => new HttpError(400, message);

/** A problem of one field of a form, as a 400's `fieldErrors` lists it. */
export type FieldProblem = { field: string; message: string };

/** A 400 about fields of a form: every problem at once (`fieldErrors`), the first as its message. */
export class FieldsError extends HttpError {
  readonly fieldErrors: readonly FieldProblem[];
  constructor(fieldErrors: readonly FieldProblem[]) {
    super(400, fieldErrors[0]?.message ?? 'Bad Request');
    this.name = 'FieldsError';
    this.fieldErrors = fieldErrors;
  }
}

/** A line of a request of many (a checkout's cart line) and what is wrong with it, in words. */
export type LineProblem = { toolId: string; sku: string; message: string };

/** A refusal because of some lines of a request of many: each failing line says why (`lines`). */
export class LinesError extends HttpError {
  readonly lines: readonly LineProblem[];
  constructor(statusCode: number, message: string, lines: readonly LineProblem[]) {
    super(statusCode, message);
    this.name = 'LinesError';
    this.lines = lines;
  }
}

export const badRequestOfFields = (problems: readonly FieldProblem[]) => new FieldsError(problems);
export const unauthorized = (message: string) => new HttpError(401, message);
export const forbidden = (message: string) => new HttpError(403, message);
export const notFound = (message: string) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
/** A card the payment gateway refused (Stripe answers card errors with 402 too). */
export const paymentRequired = (message: string) => new HttpError(402, message);
/** The payment gateway could not be reached or answered an error. */
export const badGateway = (message: string) => new HttpError(502, message);
/** Something the request needs (the rate limits' Redis) is out of reach for now. */
export const serviceUnavailable = (message: string) => new HttpError(503, message);
