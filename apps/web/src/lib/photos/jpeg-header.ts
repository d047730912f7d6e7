/**
 * A JPEG's size as shown (its EXIF orientation applied), read from its first bytes: knowing it
 * before decoding lets the browser decode a camera photo straight to the upload size, the big
 * saving on a phone. Null when the bytes do not say (not a JPEG, no frame header in them).
 */
export function jpegShownSize(bytes: Uint8Array): { width: number; height: number } | null {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let orientation = 1;
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1] ?? 0;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    // Markers without a length: TEM, RST0–7.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    // The scan starts (or the image ends) before any frame header: nothing to say.
    if (marker === 0xda || marker === 0xd9) return null;
    const length = view.getUint16(at + 2);
    const data = at + 4;
    if (isFrameHeader(marker)) {
      if (data + 5 > bytes.length) return null;
      const height = view.getUint16(data + 1);
      const width = view.getUint16(data + 3);
      if (width === 0 || height === 0) return null;
      // Orientations 5 to 8 turn the picture a quarter: its edges swap.
      return orientation >= 5 && orientation <= 8 ? { width: height, height: width } : { width, height };
    }
    if (marker === 0xe1 && orientation === 1) orientation = exifOrientation(view, data, data + length - 2) ?? 1;
    at = data + length - 2;
  }
  return null;
}

/** SOF0–15 but DHT (C4), JPG (C8) and DAC (CC), which share the range. */
function isFrameHeader(marker: number) {
  return marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
}

/** The Orientation tag (0x0112) of IFD0 in an APP1 "Exif" segment spanning [start, end). */
function exifOrientation(view: DataView, start: number, end: number): number | null {
  const limit = Math.min(end, view.byteLength);
  // "Exif\0\0", then a TIFF header.
  if (start + 14 > limit || view.getUint32(start) !== 0x45786966 || view.getUint16(start + 4) !== 0) return null;
  const tiff = start + 6;
  const order = view.getUint16(tiff);
  if (order !== 0x4949 && order !== 0x4d4d) return null;
  const little = order === 0x4949;
  const ifd = tiff + view.getUint32(tiff + 4, little);
  if (ifd + 2 > limit) return null;
  const count = view.getUint16(ifd, little);
  for (let i = 0; i < count; i += 1) {
    const entry = ifd + 2 + i * 12;
    if (entry + 12 > limit) return null;
    if (view.getUint16(entry, little) === 0x0112) return view.getUint16(entry + 8, little);
  }
  return null;
}
