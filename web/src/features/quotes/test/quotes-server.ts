import {
  AcceptQuoteRequestSchema,
  AcceptQuoteSchema,
  OfferQuoteRequestSchema,
  isOfferExpired,
  isQuoteQuantityAllowed,
  isTodayOrLater,
  OfferQuoteSchema,
  orderReference,
  orderTotal,
  QUOTES_PAGE_SIZE,
  quoteReference,
  RefuseQuoteSchema,
  RequestQuoteSchema,
  serverTexts,
  texts,
  type ManagedQuote,
  type ManagedQuoteRequest,
  type Order,
  type Quote,
  type Tool,
} from '@tools-factory/contract';
import { fakeIdentityServer, maria } from '../../../test/identity';
import type { Answer, ApiRequest } from '../../../test/fake-api';
import { hammer, makeManagedQuote, makeOrder } from '../../../test/factories';
import { jsonResponse } from '../../../test/render';

const NEW_QUOTE_ID = '66666666-6666-4666-8666-666666666666';
const NEW_ORDER_ID = '77777777-7777-4777-8777-777777777777';

/**
 * A page of `rows` as the paged quote calls answer it (issue 43): `pageSize` of them from where
 * `after` says (here simply `at-<index>`: the web treats it as the server's word), `total`, and
 * the next page's `after` (null on the last).
 */
function pageOf<Row>(rows: Row[], url: string, field: 'quotes' | 'requests') {
  const params = new URL(url, 'http://localhost').searchParams;
  const size = Number(params.get('pageSize') ?? QUOTES_PAGE_SIZE);
  const start = Number(params.get('after')?.replace('at-', '') ?? 0);
  const end = start + size;
  return jsonResponse({
    [field]: rows.slice(start, end),
    total: rows.length,
    next: end < rows.length ? `at-${end}` : null,
  });
}

const refusal = (message: string, statusCode: number) =>
  jsonResponse({ message, statusCode }, statusCode);
const quoteNotFound = () => refusal(serverTexts.quoteErrors.quoteNotFound, 404);

/** A quote as the customer reads it: without the admins' catalog figures. */
function customerView({
  catalogUnitPrice: _price,
  availableQuantity: _stock,
  ...quote
}: ManagedQuote) {
  return quote satisfies Quote;
}

/** A request as the customer reads it: its lines without the admins' catalog figures. */
function customerRequestView(request: ManagedQuoteRequest) {
  return {
    ...request,
    lines: request.lines.map(
      ({ catalogUnitPrice: _price, availableQuantity: _stock, ...line }) => line,
    ),
  };
}

/** The checkout an accepted request places here. */
export const NEW_CHECKOUT_ID = '88888888-8888-4888-8888-888888888888';

/**
 * The quote calls on the lists held here, as the server answers them (Maria signed in, as a
 * customer and as an admin: the fake does not tell them apart), with the catalog (GET /api/parts)
 * and Maria's orders (GET /api/orders) beside them. Expiry is read with the clock (Date),
 * as the server does. `answer` sees each call first and may answer it otherwise.
 */
export function quotesServer({
  quotes: initialQuotes = [],
  requests: initialRequests = [],
  tools = [hammer],
  orders: initialOrders = [],
  answer = () => undefined,
}: {
  quotes?: ManagedQuote[];
  /** Requests of several lines (issue 42). */
  requests?: ManagedQuoteRequest[];
  tools?: Tool[];
  orders?: Order[];
  answer?: (request: ApiRequest) => Answer;
} = {}) {
  const store = {
    quotes: [...initialQuotes],
    requests: [...initialRequests],
    orders: [...initialOrders],
  };
  const replaceRequest = (updated: ManagedQuoteRequest) => {
    store.requests = store.requests.map((request) =>
      request._id === updated._id ? updated : request,
    );
    return updated;
  };
  const find = (id: string | undefined) => store.quotes.find((quote) => quote._id === id);
  const replace = (updated: ManagedQuote) => {
    store.quotes = store.quotes.map((quote) => (quote._id === updated._id ? updated : quote));
    return updated;
  };
  const status = (
    quote: Pick<ManagedQuote, 'status'> & { offer: { validUntil: string } | null },
  ) =>
    quote.status === 'offered' && quote.offer && isOfferExpired(quote.offer.validUntil, new Date())
      ? 'expired'
      : quote.status;

  const { server } = fakeIdentityServer({
    user: maria,
    answer: async (request) => {
      const special = await answer(request);
      if (special) return special;
      const { method, url, body } = request;
      if (method === 'GET' && url === '/api/parts') return jsonResponse(tools);
      if (method === 'GET' && url === `/api/orders?email=${encodeURIComponent(maria.email)}`) {
        return jsonResponse(store.orders);
      }
      const path = url.split('?')[0];
      if (method === 'GET' && path === '/api/quotes/page') {
        const rows = store.quotes.map((quote) => customerView({ ...quote, status: status(quote) }));
        return pageOf(rows, url, 'quotes');
      }
      if (method === 'GET' && path === '/api/quoteRequests/page') {
        const rows = store.requests.map((request) =>
          customerRequestView({ ...request, status: status(request) }),
        );
        return pageOf(rows, url, 'requests');
      }
      if (method === 'GET' && path === '/api/manageQuotes/page') {
        const rows = store.quotes.map((quote) => ({ ...quote, status: status(quote) }));
        return pageOf(rows, url, 'quotes');
      }
      if (method === 'GET' && path === '/api/manageQuoteRequests/page') {
        const rows = store.requests.map((request) => ({ ...request, status: status(request) }));
        return pageOf(rows, url, 'requests');
      }
      if (method === 'GET' && url === '/api/quotes') {
        return jsonResponse(
          store.quotes.map((quote) => customerView({ ...quote, status: status(quote) })),
        );
      }
      if (method === 'GET' && url === '/api/quoteRequests') {
        return jsonResponse(
          store.requests.map((request) =>
            customerRequestView({ ...request, status: status(request) }),
          ),
        );
      }
      if (method === 'GET' && url === '/api/manageQuoteRequests') {
        return jsonResponse(
          store.requests.map((request) => ({ ...request, status: status(request) })),
        );
      }
      const [, requestId, requestVerb] =
        /^\/api\/(?:quoteRequests|manageQuoteRequests)\/([^/]+)\/(\w+)$/.exec(url) ?? [];
      if (method === 'POST' && requestVerb) {
        const request = store.requests.find((candidate) => candidate._id === requestId);
        if (!request) return quoteNotFound();
        if (url.startsWith('/api/quoteRequests/')) {
          if (status(request) !== 'offered') return refusal(serverTexts.quoteErrors.noOffer, 409);
          if (requestVerb === 'decline') {
            return jsonResponse(
              customerRequestView(replaceRequest({ ...request, status: 'declined' })),
            );
          }
          const acceptance = AcceptQuoteRequestSchema.parse(body);
          const prices = new Map(acceptance.lines.map((line) => [line.quoteId, line.price]));
          if (request.lines.some((line) => prices.get(line._id) !== line.offer?.price)) {
            return refusal(
              serverTexts.quoteErrors.requestOfferChanged(request.offer?.total ?? 0),
              409,
            );
          }
          const orders = request.lines.map((line, index) =>
            makeOrder({
              _id: `9${index}999999-9999-4999-8999-999999999999`,
              checkoutId: NEW_CHECKOUT_ID,
              name: line.name,
              quantity: line.quantity,
              price: line.offer?.price ?? 0,
              address: acceptance.address,
              phone: acceptance.phone,
              poNumber: acceptance.poNumber,
              quoteId: line._id,
            }),
          );
          store.orders.unshift(...orders);
          const accepted = replaceRequest({
            ...request,
            status: 'accepted',
            checkoutId: NEW_CHECKOUT_ID,
            lines: request.lines.map((line, index) => ({ ...line, orderId: orders[index]!._id })),
          });
          return jsonResponse({
            request: customerRequestView(accepted),
            checkoutId: NEW_CHECKOUT_ID,
            orders,
          });
        }
        if (requestVerb === 'offer') {
          const offer = OfferQuoteRequestSchema.parse(body);
          const prices = new Map(offer.lines.map((line) => [line.quoteId, line.price]));
          const lines = request.lines.map((line) => {
            const price = prices.get(line._id) ?? 0;
            return { ...line, offer: { price, total: orderTotal(price, line.quantity) } };
          });
          return jsonResponse(
            replaceRequest({
              ...request,
              status: 'offered',
              lines,
              offer: {
                total: lines.reduce((sum, line) => sum + line.offer.total, 0),
                validUntil: offer.validUntil,
                offeredAt: new Date().toISOString(),
                note: offer.note,
              },
            }),
          );
        }
        const { reason } = RefuseQuoteSchema.parse(body);
        return jsonResponse(
          replaceRequest({ ...request, status: 'refused', declineReason: reason }),
        );
      }
      if (method === 'GET' && url === '/api/manageQuotes') {
        return jsonResponse(store.quotes.map((quote) => ({ ...quote, status: status(quote) })));
      }
      if (method === 'POST' && url === '/api/quotes') {
        const request = RequestQuoteSchema.parse(body);
        const tool = tools.find((candidate) => candidate._id === request.toolId);
        if (!tool) return refusal(texts.toolNotFound, 404);
        if (!isQuoteQuantityAllowed(request.quantity, tool)) {
          return refusal(texts.quotes.quantityTooSmall(tool.minOrderQuantity), 400);
        }
        if (!isTodayOrLater(request.neededBy, new Date()))
          return refusal(texts.quotes.neededByPast, 400);
        const quote = makeManagedQuote({
          _id: NEW_QUOTE_ID,
          reference: quoteReference(NEW_QUOTE_ID),
          ...request,
          name: tool.name,
          img: tool.img,
        });
        store.quotes.unshift(quote);
        return jsonResponse(customerView(quote));
      }
      const [, id, verb] = /^\/api\/(?:quotes|manageQuotes)\/([^/]+)\/(\w+)$/.exec(url) ?? [];
      const quote = find(id);
      if (method !== 'POST' || !verb) return undefined;
      if (!quote) return quoteNotFound();
      const current = status(quote);
      if (url.startsWith('/api/quotes/')) {
        if (current === 'requested') return refusal(serverTexts.quoteErrors.noOffer, 409);
        if (current === 'accepted') return refusal(serverTexts.quoteErrors.alreadyAccepted, 409);
        if (current === 'declined' || current === 'refused') {
          return refusal(serverTexts.quoteErrors.closed, 409);
        }
        if (verb === 'decline')
          return jsonResponse(customerView(replace({ ...quote, status: 'declined' })));
        const offer = quote.offer!;
        if (current === 'expired') {
          return refusal(serverTexts.quoteErrors.offerExpired(offer.validUntil), 409);
        }
        const acceptance = AcceptQuoteSchema.safeParse(body);
        if (!acceptance.success) {
          return refusal(acceptance.error.issues[0]?.message ?? 'invalid', 400);
        }
        const { price, address, phone, poNumber } = acceptance.data;
        if (price !== offer.price) {
          return refusal(serverTexts.quoteErrors.offerChanged(offer.price), 409);
        }
        const stock = tools.find((tool) => tool._id === quote.toolId)?.availableQuantity ?? 0;
        const order = makeOrder({
          _id: NEW_ORDER_ID,
          reference: orderReference(NEW_ORDER_ID),
          name: quote.name,
          quantity: quote.quantity,
          price: offer.price,
          address,
          phone,
          poNumber,
          quoteId: quote._id,
          madeToOrder: quote.quantity > stock,
        });
        store.orders.unshift(order);
        const accepted = replace({ ...quote, status: 'accepted', orderId: order._id });
        return jsonResponse({ quote: customerView(accepted), order });
      }
      if (current === 'accepted' || current === 'declined' || current === 'refused') {
        return refusal(serverTexts.quoteErrors.notOpen, 409);
      }
      if (verb === 'offer') {
        const { price, validUntil, note } = OfferQuoteSchema.parse(body);
        const offer = {
          price,
          total: orderTotal(price, quote.quantity),
          validUntil,
          offeredAt: new Date().toISOString(),
          note,
        };
        return jsonResponse(replace({ ...quote, status: 'offered', offer }));
      }
      const { reason } = RefuseQuoteSchema.parse(body);
      return jsonResponse(replace({ ...quote, status: 'refused', declineReason: reason }));
    },
  });
  return { server, store };
}
