import { PASSKEY_NAME_MAX } from '@jewel/contract/values/limits';

const DEVICES: [RegExp, string][] = [
  [/iPhone/, 'iPhone'],
  [/iPad/, 'iPad'],
  [/Android/, 'Android'],
  [/CrOS/, 'Chromebook'],
  [/Macintosh|Mac OS X/, 'Mac'],
  [/Windows/, 'Windows'],
  [/Linux/, 'Linux'],
];

// In this order: WeChat's, Edge's and Samsung's browsers name Chrome and Safari too, Chrome names Safari.
const BROWSERS: [RegExp, string][] = [
  [/MicroMessenger/, 'WeChat'],
  [/EdgA?\/|EdgiOS/, 'Edge'],
  [/SamsungBrowser/, 'Samsung Internet'],
  [/Firefox|FxiOS/, 'Firefox'],
  [/CriOS|Chrome\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];

const first = (list: [RegExp, string][], userAgent: string) => list.find(([test]) => test.test(userAgent))?.[1];

/**
 * The name a new passkey is offered (ADR 0103), from the browser it is made in: "iPhone · Safari",
 * "Android · Chrome"; `fallback` when the browser says nothing we know. The member may change it.
 */
export function suggestedPasskeyName(userAgent: string, fallback: string): string {
  const parts = [first(DEVICES, userAgent), first(BROWSERS, userAgent)].filter(Boolean);
  return (parts.length > 0 ? parts.join(' · ') : fallback).slice(0, PASSKEY_NAME_MAX);
}
