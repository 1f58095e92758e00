import { QUOTES_PAGE_SIZE } from '@tools-factory/contract';

/** How many pages of QUOTES_PAGE_SIZE a quote list of `total` quotes (or requests) makes. */
export function pagesOf(total: number): number {
  return Math.max(1, Math.ceil(total / QUOTES_PAGE_SIZE));
}
