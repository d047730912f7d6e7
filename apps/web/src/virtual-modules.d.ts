declare module 'virtual:route-table' {
  const table: Record<string, { method: string; path: string }>;
  export default table;
}
