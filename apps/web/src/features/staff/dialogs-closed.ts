/**
 * Resolves once no dialog or sheet is on screen any more (their closing animations over), or
 * after `timeoutMs` at most. A dialog opened while another one is still moving out loses the
 * keyboard's focus: the closing one's controls take it (lib/hold-focus.ts takes the last shown
 * dialog), then vanish with it, or its opener takes it back once it is gone. So the staff page
 * opens the next one (a confirmation after an action sheet, the password after the form) after.
 */
export function dialogsClosed(timeoutMs = 1500): Promise<void> {
  const open = () =>
    [...document.querySelectorAll<HTMLElement>('[role="dialog"]')].some((dialog) => dialog.checkVisibility?.() ?? true);
  return new Promise((resolve) => {
    const started = Date.now();
    const check = () => {
      if (!open() || Date.now() - started >= timeoutMs) resolve();
      else window.setTimeout(check, 50);
    };
    check();
  });
}
