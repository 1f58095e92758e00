/** The query of a page of a quote list: where it starts (the page before's `next`), if not first. */
export function pageQuery(after: string | undefined): string {
  return after ? `?${new URLSearchParams({ after }).toString()}` : '';
}
