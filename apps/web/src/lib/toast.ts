/**
 * A toast loads its code on first use (antd-mobile's Toast and its animation library, the words'
 * breaking: toast-show.ts), so the first page does not carry it.
 */
function show(content: string, success: boolean) {
  void import('./toast-show.ts').then(({ showToast }) => showToast(content, success));
}

/** A message, 2000 ms (SPEC.md §9). */
export function toast(content: string) {
  show(content, false);
}

/** A success, 1500 ms (SPEC.md §9). */
export function successToast(content: string) {
  show(content, true);
}
