/** The most rows one CSV export writes (docs/product.md §5): the inventory's and the claims' lists. */
export const MAX_EXPORT_ROWS = 1_000_000;
