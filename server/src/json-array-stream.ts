/**
 * A JSON array written a page at a time (GET /manageOrders, GET /checkouts): `[`, each page's
 * items (each already its JSON text) with commas between them, `]`. Only one page is in memory,
 * however long the array.
 */
export async function* jsonArrayOfPages(
  pages: AsyncIterable<readonly string[]>,
): AsyncGenerator<string> {
  let separator = '';
  yield '[';
  for await (const items of pages) {
    if (items.length === 0) continue;
    yield separator + items.join(',');
    separator = ',';
  }
  yield ']';
}
