// Compares two images by their decoded pixels: the mean absolute difference of their channel values (0-255).
import sharp from "sharp";

export interface Decoded {
  width: number;
  height: number;
  channels: number;
  data: Buffer;
}

export async function decode(bytes: Buffer): Promise<Decoded> {
  const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, channels: info.channels, data };
}

/** Mean absolute difference per channel value; the images must have the same size and channels. */
export function meanAbsoluteDifference(a: Decoded, b: Decoded): number {
  if (a.width !== b.width || a.height !== b.height || a.channels !== b.channels) {
    throw new Error(`images differ in shape: ${a.width}x${a.height}x${a.channels} against ${b.width}x${b.height}x${b.channels}`);
  }
  let sum = 0;
  for (let i = 0; i < a.data.length; i++) sum += Math.abs(a.data[i]! - b.data[i]!);
  return sum / a.data.length;
}
