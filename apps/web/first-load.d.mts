// The types of first-load.mjs, for its TypeScript readers (bench/web.ts, bench/main-pages.ts).
export type PageName = 'login' | 'home';
export interface LoadedFile {
  path: string;
  type: 'js' | 'css';
}
export interface SizedFile extends LoadedFile {
  gzip: number;
}
export interface PageLoad {
  name: PageName;
  files: SizedFile[];
  js: number;
  css: number;
  total: number;
}
export const FIRST_LOAD_PAGES: Record<PageName, { path: string; budgetKiB: number; modules: string[] }>;
export const MANIFEST: string;
export function gzipOf(distDir: string, urlPath: string): number | undefined;
export function loadOf(distDir: string, name: PageName, files: LoadedFile[]): PageLoad;
export function filesFromManifest(distDir: string, name: PageName): LoadedFile[];
export function kib(bytes: number): number;
