/**
 * The search text of the items under `alias`, spelled exactly as `inventory_items_search_trgm_idx` (a
 * GIN trigram index) spells it, so that `ILIKE '%…%'` of three characters or more is an index scan,
 * whatever the position (the inventory list, and the claims list's search by item).
 */
export function itemSearchText(alias: string): string {
  return `((${alias}.sku || ' ' || ${alias}.name || ' ' || coalesce(${alias}.barcode, '')) COLLATE "default")`;
}

/** `%`, `_` and the escape character itself stand for themselves in the search. */
export function likeSubstring(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}
