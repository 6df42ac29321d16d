import { inflateSync } from "node:zlib";

/**
 * Reads the 8-bit RGBA, non-interlaced PNG files resvg writes, for the print renderer's tests: enough of the
 * format to look at pixels, nothing more.
 */
export interface DecodedPng {
  width: number;
  height: number;
  /** RGBA, row by row. */
  pixels: Uint8Array;
}

const SIGNATURE = "89504e470d0a1a0a";
const BYTES_PER_PIXEL = 4;

export function pngSize(png: Buffer): { width: number; height: number } {
  if (png.subarray(0, 8).toString("hex") !== SIGNATURE) throw new Error("not a PNG file");
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

export function decodePng(png: Buffer): DecodedPng {
  const { width, height } = pngSize(png);
  const [bitDepth, colourType, , , interlace] = png.subarray(24, 29);
  if (bitDepth !== 8 || colourType !== 6 || interlace !== 0) throw new Error("only 8-bit RGBA, non-interlaced");
  const stride = width * BYTES_PER_PIXEL;
  const filtered = inflateSync(Buffer.concat(chunks(png, "IDAT")));
  const pixels = new Uint8Array(stride * height);
  for (let row = 0; row < height; row++) {
    const filter = filtered[row * (stride + 1)] ?? 0;
    const line = filtered.subarray(row * (stride + 1) + 1, (row + 1) * (stride + 1));
    unfilterRow(filter, line, pixels, row * stride, stride);
  }
  return { width, height, pixels };
}

function chunks(png: Buffer, type: string): Buffer[] {
  const found: Buffer[] = [];
  for (let at = 8; at < png.length;) {
    const length = png.readUInt32BE(at);
    if (png.toString("latin1", at + 4, at + 8) === type) found.push(png.subarray(at + 8, at + 8 + length));
    at += length + 12;
  }
  return found;
}

function unfilterRow(filter: number, line: Uint8Array, out: Uint8Array, start: number, stride: number) {
  const above = start - stride;
  for (let index = 0; index < stride; index++) {
    const left = index >= BYTES_PER_PIXEL ? out[start + index - BYTES_PER_PIXEL]! : 0;
    const up = above >= 0 ? out[above + index]! : 0;
    let prediction = 0;
    if (filter === 1) prediction = left;
    else if (filter === 2) prediction = up;
    else if (filter === 3) prediction = (left + up) >> 1;
    else if (filter === 4)
      prediction = paeth(left, up, above >= 0 && index >= BYTES_PER_PIXEL ? out[above + index - BYTES_PER_PIXEL]! : 0);
    else if (filter !== 0) throw new Error(`unknown PNG filter ${filter}`);
    out[start + index] = (line[index]! + prediction) & 0xff;
  }
}

function paeth(left: number, up: number, upLeft: number): number {
  const estimate = left + up - upLeft;
  const toLeft = Math.abs(estimate - left);
  const toUp = Math.abs(estimate - up);
  const toUpLeft = Math.abs(estimate - upLeft);
  if (toLeft <= toUp && toLeft <= toUpLeft) return left;
  return toUp <= toUpLeft ? up : upLeft;
}

/** The RGBA of one pixel. */
export function pixelAt(image: DecodedPng, x: number, y: number): [number, number, number, number] {
  const at = (Math.round(y) * image.width + Math.round(x)) * BYTES_PER_PIXEL;
  const { pixels } = image;
  return [pixels[at] ?? 0, pixels[at + 1] ?? 0, pixels[at + 2] ?? 0, pixels[at + 3] ?? 0];
}

export interface PixelBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** How many pixels in the box (pixel coordinates) are `colour`, give or take a little antialiasing, of how many. */
function tally(image: DecodedPng, box: PixelBox, colour: number[]): { like: number; total: number } {
  let like = 0;
  let total = 0;
  for (let y = Math.round(box.y); y < box.y + box.height; y++) {
    for (let x = Math.round(box.x); x < box.x + box.width; x++) {
      const pixel = pixelAt(image, x, y);
      total++;
      if (pixel.every((value, channel) => Math.abs(value - (colour[channel] ?? 0)) <= 8)) like++;
    }
  }
  return { like, total };
}

export function countLike(image: DecodedPng, box: PixelBox, colour: number[]): number {
  return tally(image, box, colour).like;
}

export function countUnlike(image: DecodedPng, box: PixelBox, colour: number[]): number {
  const { like, total } = tally(image, box, colour);
  return total - like;
}
