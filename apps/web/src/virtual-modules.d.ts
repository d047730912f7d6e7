declare module 'virtual:route-table' {
  const table: Record<string, { method: string; path: string }>;
  export default table;
}

/** The routes of a contract tag kept out of the first table (route-table-plugin.ts `KEPT_APART`). */
declare module 'virtual:page-routes/*' {
  const table: Record<string, { method: string; path: string }>;
  export default table;
}
