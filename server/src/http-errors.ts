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
