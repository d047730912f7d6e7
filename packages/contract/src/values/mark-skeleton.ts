/*
 * The skeleton of a serial number or an engraving, as the stolen-goods watch list compares them
 * (docs/decisions.md "The watch list stops a buyback first"): two marks that a person reading them
 * off a case back could take for one another have the same skeleton. It matches more than the
 * exact text (more false alarms, which a person acknowledges) so that a look-alike character,
 * typed by mistake or on purpose, does not let a listed item through.
 */

/**
 * Cyrillic and Greek capitals drawn like a Latin capital or a digit (Unicode's confusables,
 * UTS #39 `confusables.txt`, the entries whose target is one Latin capital or digit). Lower case
 * is upper-cased first, so "а" (Cyrillic) and "ο" (Greek) land here too.
 */
const SCRIPT_LOOK_ALIKES: Readonly<Record<string, string>> = {
  // Cyrillic
  А: 'A',
  В: 'B',
  С: 'C',
  Е: 'E',
  Н: 'H',
  І: 'I',
  Ӏ: 'I',
  Ј: 'J',
  К: 'K',
  М: 'M',
  О: 'O',
  Р: 'P',
  Ԛ: 'Q',
  Ѕ: 'S',
  Т: 'T',
  Х: 'X',
  У: 'Y',
  Ү: 'Y',
  Ԝ: 'W',
  З: '3',
  Ч: '4',
  Б: '6',
  // Greek
  Α: 'A',
  Β: 'B',
  Ε: 'E',
  Ζ: 'Z',
  Η: 'H',
  Ι: 'I',
  Κ: 'K',
  Μ: 'M',
  Ν: 'N',
  Ο: 'O',
  Ρ: 'P',
  Τ: 'T',
  Υ: 'Y',
  Χ: 'X',
};

/**
 * Latin capitals that read as a digit on a worn or small engraving, folded onto the digit: O/0,
 * I/1 (and "l", which upper-cases to L), S/5, B/8. Both sides of a comparison are folded the same
 * way, so "SB10" and "58IO" are one skeleton.
 */
const DIGIT_LOOK_ALIKES: Readonly<Record<string, string>> = { O: '0', I: '1', L: '1', S: '5', B: '8' };

/**
 * What a recorder may type before the serial itself: "S/N", "S.N.", "SN", "No.", "Nr", "#",
 * "Serial No.", "製造番号", "シリアル番号", "序列号", "编号". Matched on the folded characters (so
 * "SN" is "5N" and "No" is "N0" here), which makes it the same for "SN" and "5N", "No" and "N0".
 * "S/N", "S.N." and "#" go whatever follows; the others only before a separator or a digit, so
 * that a serial that merely starts with these letters ("NOVA12") keeps them.
 */
const PREFIX = new RegExp(
  [
    String.raw`^(?:5\s*\/\s*N\.?|5\.\s*N\.|#)[\s.:：#\-_]*`,
    String.raw`^(?:5ER1A1(?:\s*(?:N0|NUM8ER|NR))?|5N|N0|NR|NUM8ER|製造番号|シリアル(?:番号)?|序列号|序列號|编号|編號|番号)(?:[\s.:：#\-_]+|(?=[0-9]))`,
  ].join('|'),
  'u',
);

/** A decimal digit of any script (Arabic-Indic "٣", Devanagari "३", …) as its ASCII digit. */
function asciiDigit(digit: string): string {
  const point = digit.codePointAt(0) ?? 0;
  // Unicode's decimal digits come in runs of ten from zero: count back to the run's start.
  let zero = point;
  while (zero > 0 && /\p{Nd}/u.test(String.fromCodePoint(zero - 1))) zero -= 1;
  return String((point - zero) % 10);
}

/** Combining marks (accents) go; the kana voicing marks stay, as they change the word. */
const ACCENTS = /(?![\u3099\u309A])\p{M}/gu;

/**
 * The skeleton: compatibility forms folded (NFKC: full width, ligatures, circled digits),
 * accents dropped, upper case, a leading serial prefix dropped, Cyrillic and Greek look-alikes
 * as Latin, every script's digits as ASCII digits, O I L S B as 0 1 1 5 8, and only letters
 * and digits kept. Empty when nothing of the mark is left: an empty skeleton never matches.
 */
export function markSkeleton(text: string): string {
  const upper = text.replace(/№/g, 'No.').normalize('NFKD').replace(ACCENTS, '').normalize('NFKC').toUpperCase();
  let folded = '';
  for (const char of upper) {
    const latin = SCRIPT_LOOK_ALIKES[char] ?? char;
    const digit = /\p{Nd}/u.test(latin) && !/[0-9]/.test(latin) ? asciiDigit(latin) : latin;
    folded += DIGIT_LOOK_ALIKES[digit] ?? digit;
  }
  folded = folded.trim();
  for (let round = 0; round < 2; round += 1) folded = folded.replace(PREFIX, '').trim();
  return folded.replace(/[^\p{L}\p{N}]/gu, '');
}

/** A notice's serial this long or longer also matches inside a commodity's longer mark. */
export const SERIAL_INSIDE_MIN = 6;
