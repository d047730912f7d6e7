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
export const AFTER_IDLE_MODULES: string[];
/** The build's manifest: chunk by module key. */
export type Manifest = Record<string, { file: string; src?: string; css?: string[]; imports?: string[] }>;
export function readManifest(distDir: string): Manifest;
export function chunkFiles(manifest: Manifest, keys: string[], who: string): LoadedFile[];
export function gzipOf(distDir: string, urlPath: string): number | undefined;
export function loadOf(distDir: string, name: PageName, files: LoadedFile[]): PageLoad;
export function filesFromManifest(distDir: string, name: PageName): LoadedFile[];
export function kib(bytes: number): number;
