import { PNG } from 'pngjs';

/* The e2e scene tests and the engine suite (tests/engines/smoke.ts) read pictures of the scene the same way. */

/** The share of pixels that differ clearly from the scene's espresso background, and how many colours they use. */
export function describePixels(png: Buffer) {
  const { data, width, height } = PNG.sync.read(png);
  const background = [0x1c, 0x12, 0x0d];
  let lit = 0;
  const colours = new Set<number>();
  for (let i = 0; i < data.length; i += 4) {
    const distance =
      Math.abs(data[i] - background[0]) + Math.abs(data[i + 1] - background[1]) + Math.abs(data[i + 2] - background[2]);
    if (distance > 40) lit++;
    colours.add(((data[i] >> 4) << 8) | ((data[i + 1] >> 4) << 4) | (data[i + 2] >> 4));
  }
  return { litShare: lit / (width * height), colours: colours.size };
}

/** Where the table's pixels lie in a picture of the scene: the rows from its first to its last lit row, and its bottom edge. */
export function tableRows(png: Buffer) {
  const { data, width, height } = PNG.sync.read(png);
  const background = [0x1c, 0x12, 0x0d];
  const litShare = (y: number) => {
    let lit = 0;
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      const distance =
        Math.abs(data[i] - background[0]) +
        Math.abs(data[i + 1] - background[1]) +
        Math.abs(data[i + 2] - background[2]);
      if (distance > 24) lit++;
    }
    return lit / width;
  };
  const rows = Array.from({ length: height }, (_, y) => litShare(y));
  const edge = rows.slice(Math.floor(height * 0.98));
  return {
    top: Number((rows.findIndex((share) => share > 0.02) / height).toFixed(3)),
    bottom: Number((rows.findLastIndex((share) => share > 0.02) / height).toFixed(3)),
    bottomEdge: Number((edge.reduce((sum, share) => sum + share, 0) / edge.length).toFixed(3)),
  };
}
