/**
 * How many searches one client (its address; an IPv6 client by its /64) may make in a minute,
 * GET /api/search and GET /api/parts?q= together. Only a search the server has not answered
 * since the catalog last changed counts (a kept answer is sent before any route: decision 028),
 * so a crowd asking the same words costs nothing; each new one costs the database a few
 * milliseconds (issue 43 item 2). A person, even in an office behind one address, searches far
 * less often.
 */
export const SEARCHES_PER_MINUTE = 120;
