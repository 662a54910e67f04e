/**
 * Draws the demo listing images, the demo floorplan and the demo brochure into apps/api/assets/demo.
 * The files are committed; run this only to change them, then update the sizes in demo-media.ts:
 *   npx tsx apps/api/src/db/seed/render-demo-assets.ts
 */
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRng, type Rng } from './prng.ts';

const W = 1200;
const H = 800;
const GROUND = 660;

type Sky = {
  top: string;
  middle: string;
  bottom: string;
  sun: string;
  sunX: number;
  sunY: number;
  night: boolean;
};
type Facade = {
  light: string;
  dark: string;
  glass: string;
  glassLight: string;
  accent: string;
  trim: string;
};
type Scene = { kind: 'tower' | 'midrise' | 'lowrise' | 'townhouse'; sky: Sky; facade: Facade; seed: number };

const SKIES = {
  day: {
    top: '#4fa3e0',
    middle: '#8fcaf0',
    bottom: '#dff1fb',
    sun: '#fff6c9',
    sunX: 980,
    sunY: 150,
    night: false,
  },
  morning: {
    top: '#7fb8e6',
    middle: '#c4e0f2',
    bottom: '#fdf0d8',
    sun: '#fff2c2',
    sunX: 210,
    sunY: 190,
    night: false,
  },
  sunset: {
    top: '#5b4b8a',
    middle: '#e9788a',
    bottom: '#ffcf8f',
    sun: '#ffe08a',
    sunX: 930,
    sunY: 470,
    night: false,
  },
  dusk: {
    top: '#1f2f5c',
    middle: '#6a5c9c',
    bottom: '#f4a582',
    sun: '#ffd7a0',
    sunX: 240,
    sunY: 500,
    night: true,
  },
  night: {
    top: '#0a1430',
    middle: '#1d3263',
    bottom: '#3d5a8c',
    sun: '#f3f1de',
    sunX: 1010,
    sunY: 130,
    night: true,
  },
  golden: {
    top: '#f29e4c',
    middle: '#f7c873',
    bottom: '#fdebc4',
    sun: '#fff4cf',
    sunX: 170,
    sunY: 300,
    night: false,
  },
  pastel: {
    top: '#9cc9d9',
    middle: '#d0e6ee',
    bottom: '#f4f1ea',
    sun: '#ffffff',
    sunX: 860,
    sunY: 170,
    night: false,
  },
  teal: {
    top: '#2f8f9d',
    middle: '#7cc6c9',
    bottom: '#e6f6f1',
    sun: '#fffbe6',
    sunX: 1040,
    sunY: 210,
    night: false,
  },
} satisfies Record<string, Sky>;

const FACADES = {
  sandstone: {
    light: '#efe3cc',
    dark: '#cdb791',
    glass: '#3f6a8a',
    glassLight: '#8fc1e3',
    accent: '#b5653c',
    trim: '#f9f5ec',
  },
  charcoal: {
    light: '#59606b',
    dark: '#363b44',
    glass: '#2d4f6e',
    glassLight: '#7fb3d9',
    accent: '#d9a441',
    trim: '#e7e9ec',
  },
  white: {
    light: '#fbfbf8',
    dark: '#d8dde0',
    glass: '#3b6d92',
    glassLight: '#a6d3ef',
    accent: '#2f8f9d',
    trim: '#ffffff',
  },
  terracotta: {
    light: '#d9896a',
    dark: '#a95b3f',
    glass: '#34566f',
    glassLight: '#90bcd6',
    accent: '#f2d0a4',
    trim: '#f6efe6',
  },
  eucalypt: {
    light: '#a9c2ae',
    dark: '#6f8f78',
    glass: '#2f5668',
    glassLight: '#93c4d4',
    accent: '#e9d8a6',
    trim: '#f4f4ee',
  },
  navy: {
    light: '#3c5a80',
    dark: '#22364f',
    glass: '#1d3d5c',
    glassLight: '#6fa8d6',
    accent: '#f0b35a',
    trim: '#dfe7ef',
  },
  timber: {
    light: '#c99a6b',
    dark: '#8c6239',
    glass: '#35586e',
    glassLight: '#9cc7df',
    accent: '#3d4a3f',
    trim: '#f3ece2',
  },
} satisfies Record<string, Facade>;

/** The twelve listing images: 1–3 high rise, 4–6 mid rise, 7–9 low rise, 10–12 townhouses. */
export const SCENES: Scene[] = [
  { kind: 'tower', sky: SKIES.day, facade: FACADES.white, seed: 11 },
  { kind: 'tower', sky: SKIES.sunset, facade: FACADES.charcoal, seed: 12 },
  { kind: 'tower', sky: SKIES.night, facade: FACADES.navy, seed: 13 },
  { kind: 'midrise', sky: SKIES.morning, facade: FACADES.sandstone, seed: 21 },
  { kind: 'midrise', sky: SKIES.teal, facade: FACADES.white, seed: 22 },
  { kind: 'midrise', sky: SKIES.dusk, facade: FACADES.charcoal, seed: 23 },
  { kind: 'lowrise', sky: SKIES.golden, facade: FACADES.terracotta, seed: 31 },
  { kind: 'lowrise', sky: SKIES.pastel, facade: FACADES.eucalypt, seed: 32 },
  { kind: 'lowrise', sky: SKIES.day, facade: FACADES.timber, seed: 33 },
  { kind: 'townhouse', sky: SKIES.morning, facade: FACADES.white, seed: 41 },
  { kind: 'townhouse', sky: SKIES.sunset, facade: FACADES.timber, seed: 42 },
  { kind: 'townhouse', sky: SKIES.teal, facade: FACADES.eucalypt, seed: 43 },
];

const r = (n: number) => Math.round(n * 10) / 10;

function rect(x: number, y: number, w: number, h: number, fill: string, extra = ''): string {
  return `<rect x="${r(x)}" y="${r(y)}" width="${r(w)}" height="${r(h)}" fill="${fill}"${extra ? ` ${extra}` : ''}/>`;
}

function windowFill(rng: Rng, facade: Facade, night: boolean): string {
  if (night) return rng.chance(0.45) ? (rng.chance(0.5) ? '#ffd97a' : '#ffe9a8') : '#1c2b44';
  return rng.chance(0.3) ? facade.glassLight : facade.glass;
}

function defs(scene: Scene): string {
  const { sky, facade } = scene;
  return `<defs>
<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky.top}"/><stop offset="0.55" stop-color="${sky.middle}"/><stop offset="1" stop-color="${sky.bottom}"/></linearGradient>
<radialGradient id="glow"><stop offset="0" stop-color="${sky.sun}" stop-opacity="0.9"/><stop offset="0.35" stop-color="${sky.sun}" stop-opacity="0.35"/><stop offset="1" stop-color="${sky.sun}" stop-opacity="0"/></radialGradient>
<linearGradient id="facade" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${facade.light}"/><stop offset="1" stop-color="${facade.dark}"/></linearGradient>
<linearGradient id="glass" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${facade.glassLight}"/><stop offset="0.6" stop-color="${facade.glass}"/><stop offset="1" stop-color="${facade.glass}"/></linearGradient>
<linearGradient id="ground" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky.night ? '#2e4a3a' : '#7fae6a'}"/><stop offset="1" stop-color="${sky.night ? '#1b2f25' : '#4f8a4a'}"/></linearGradient>
<linearGradient id="shade" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.22"/></linearGradient>
</defs>`;
}

function backdrop(scene: Scene, rng: Rng): string {
  const { sky } = scene;
  const parts = [rect(0, 0, W, H, 'url(#sky)')];
  parts.push(`<circle cx="${sky.sunX}" cy="${sky.sunY}" r="170" fill="url(#glow)"/>`);
  parts.push(`<circle cx="${sky.sunX}" cy="${sky.sunY}" r="${sky.night ? 34 : 48}" fill="${sky.sun}"/>`);
  if (sky.night) {
    for (let i = 0; i < 60; i++) {
      parts.push(
        `<circle cx="${rng.int(0, W)}" cy="${rng.int(0, 380)}" r="${rng.chance(0.2) ? 1.8 : 1.1}" fill="#fff" opacity="${r(0.4 + rng.next() * 0.6)}"/>`,
      );
    }
  } else {
    for (let i = 0; i < 4; i++) {
      const cx = rng.int(60, W - 160);
      const cy = rng.int(70, 300);
      const s = 0.7 + rng.next() * 0.8;
      parts.push(
        `<g fill="#fff" opacity="${r(0.55 + rng.next() * 0.3)}"><ellipse cx="${cx}" cy="${cy}" rx="${r(70 * s)}" ry="${r(22 * s)}"/><ellipse cx="${r(cx + 40 * s)}" cy="${r(cy - 16 * s)}" rx="${r(46 * s)}" ry="${r(26 * s)}"/><ellipse cx="${r(cx - 34 * s)}" cy="${r(cy - 8 * s)}" rx="${r(36 * s)}" ry="${r(18 * s)}"/></g>`,
      );
    }
  }
  // Distant skyline or hills.
  if (scene.kind === 'townhouse' || scene.kind === 'lowrise') {
    const hill = sky.night ? '#24384f' : '#9cbfa2';
    parts.push(
      `<path d="M0 ${GROUND - 120} C 200 ${GROUND - 210} 380 ${GROUND - 90} 600 ${GROUND - 150} S 1000 ${GROUND - 230} 1200 ${GROUND - 130} L 1200 ${GROUND} L 0 ${GROUND} Z" fill="${hill}" opacity="0.75"/>`,
    );
  }
  const far = sky.night ? '#1a2a4a' : '#ffffff';
  let x = -20;
  while (x < W) {
    const w = rng.int(40, 110);
    const h = rng.int(60, scene.kind === 'tower' ? 330 : 200);
    parts.push(rect(x, GROUND - h, w, h, far, `opacity="${sky.night ? 0.8 : 0.28}"`));
    x += w + rng.int(4, 30);
  }
  parts.push(rect(0, GROUND, W, H - GROUND, 'url(#ground)'));
  parts.push(rect(0, GROUND + 70, W, 38, sky.night ? '#3a4150' : '#cfd3d6'));
  parts.push(rect(0, GROUND + 108, W, H - GROUND - 108, sky.night ? '#23272f' : '#5d6168'));
  for (let i = 0; i < 12; i++)
    parts.push(rect(i * 110 + 20, GROUND + 122, 60, 5, '#f4f1e6', 'opacity="0.7"'));
  return parts.join('\n');
}

function tree(x: number, base: number, size: number, night: boolean, rng: Rng): string {
  const leaf = night ? ['#1f4a35', '#285c41'] : ['#3f8a4f', '#5aa562', '#2f7443'];
  const trunk = night ? '#3b2d22' : '#6b4a2f';
  const h = size * 1.4;
  const parts = [rect(x - size * 0.07, base - h, size * 0.14, h, trunk)];
  for (let i = 0; i < 4; i++) {
    const cx = x + (rng.next() - 0.5) * size * 0.9;
    const cy = base - h - (rng.next() * size * 0.5 - size * 0.1);
    parts.push(
      `<circle cx="${r(cx)}" cy="${r(cy)}" r="${r(size * (0.38 + rng.next() * 0.2))}" fill="${rng.pick(leaf)}"/>`,
    );
  }
  return `<g>${parts.join('')}</g>`;
}

function foreground(scene: Scene, rng: Rng): string {
  const parts: string[] = [];
  const spots = [70, 240, 960, 1130];
  for (const x of spots)
    parts.push(tree(x + rng.int(-20, 20), GROUND + 70, rng.int(55, 80), scene.sky.night, rng));
  for (let i = 0; i < 14; i++) {
    const x = rng.int(0, W);
    parts.push(
      `<ellipse cx="${x}" cy="${GROUND + 66}" rx="${rng.int(18, 34)}" ry="${rng.int(10, 16)}" fill="${scene.sky.night ? '#22523a' : rng.pick(['#4b9a56', '#63ad5f', '#3f8a4f'])}"/>`,
    );
  }
  // Street lamps.
  for (const x of [400, 820]) {
    parts.push(rect(x, GROUND + 10, 5, 60, '#2e3440'));
    parts.push(rect(x - 12, GROUND + 6, 29, 6, '#2e3440'));
    if (scene.sky.night)
      parts.push(`<circle cx="${x + 2}" cy="${GROUND + 16}" r="16" fill="#ffe9a8" opacity="0.35"/>`);
  }
  return parts.join('\n');
}

function tower(scene: Scene, rng: Rng): string {
  const { facade, sky } = scene;
  const parts: string[] = [];
  // Secondary, shorter tower behind.
  const bx = 690;
  const bw = 230;
  const by = 260;
  parts.push(rect(bx, by, bw, GROUND - by, facade.dark));
  for (let fy = by + 16; fy < GROUND - 30; fy += 26) {
    for (let fx = bx + 14; fx < bx + bw - 20; fx += 30)
      parts.push(rect(fx, fy, 20, 15, windowFill(rng, facade, sky.night)));
  }
  parts.push(rect(bx, by, bw, GROUND - by, 'url(#shade)'));
  // Main tower with a stepped crown.
  const x = 390;
  const w = 300;
  const top = 110;
  parts.push(rect(x + 40, top - 50, w - 80, 60, facade.dark));
  parts.push(rect(x + 20, top - 10, w - 40, 20, facade.light));
  parts.push(rect(x + w / 2 - 3, top - 110, 6, 62, facade.trim));
  parts.push(rect(x, top, w, GROUND - top, 'url(#facade)'));
  const cols = 8;
  const colW = (w - 30) / cols;
  for (let fy = top + 18; fy < GROUND - 60; fy += 30) {
    for (let c = 0; c < cols; c++) {
      parts.push(rect(x + 15 + c * colW + 2, fy, colW - 4, 22, windowFill(rng, facade, sky.night)));
    }
    parts.push(rect(x, fy + 24, w, 4, facade.trim, 'opacity="0.65"'));
  }
  for (let c = 0; c <= cols; c += 2)
    parts.push(rect(x + 13 + c * colW, top, 4, GROUND - top - 50, facade.accent, 'opacity="0.55"'));
  parts.push(rect(x, top, w, GROUND - top, 'url(#shade)'));
  // Podium with lobby.
  parts.push(rect(x - 60, GROUND - 60, w + 120, 60, facade.dark));
  parts.push(rect(x + 20, GROUND - 48, w - 40, 48, 'url(#glass)'));
  parts.push(rect(x + w / 2 - 25, GROUND - 40, 50, 40, sky.night ? '#ffe3a0' : facade.trim, 'opacity="0.9"'));
  parts.push(rect(x - 60, GROUND - 64, w + 120, 6, facade.accent));
  // A low building on the left.
  const lx = 150;
  const lw = 210;
  const ly = 430;
  parts.push(rect(lx, ly, lw, GROUND - ly, facade.light));
  for (let fy = ly + 18; fy < GROUND - 30; fy += 36) {
    for (let fx = lx + 16; fx < lx + lw - 30; fx += 46)
      parts.push(rect(fx, fy, 32, 22, windowFill(rng, facade, sky.night)));
  }
  parts.push(rect(lx, ly, lw, GROUND - ly, 'url(#shade)'));
  return parts.join('\n');
}

function midrise(scene: Scene, rng: Rng): string {
  const { facade, sky } = scene;
  const parts: string[] = [];
  const x = 250;
  const w = 700;
  const floors = 8;
  const fh = 54;
  const top = GROUND - floors * fh - 20;
  parts.push(rect(x + 40, top - 30, 180, 30, facade.dark));
  parts.push(rect(x, top, w, GROUND - top, 'url(#facade)'));
  for (let f = 0; f < floors; f++) {
    const fy = top + 14 + f * fh;
    const glassY = fy + 4;
    for (let fx = x + 20; fx < x + w - 40; fx += 64) {
      parts.push(rect(fx, glassY, 54, fh - 16, windowFill(rng, facade, sky.night)));
      parts.push(rect(fx + 26, glassY, 2, fh - 16, facade.trim, 'opacity="0.6"'));
    }
    if (f > 0) {
      // Balcony slab with a glass balustrade, offset on alternate floors.
      const bx = f % 2 === 0 ? x - 16 : x + 60;
      const bw = w - 44;
      parts.push(rect(bx, fy + fh - 14, bw, 7, facade.trim));
      parts.push(rect(bx, fy + fh - 30, bw, 16, '#dff3ff', 'opacity="0.35"'));
      parts.push(rect(bx, fy + fh - 31, bw, 2, facade.trim, 'opacity="0.8"'));
    }
  }
  parts.push(rect(x + w - 150, top, 56, GROUND - top, facade.accent, 'opacity="0.75"'));
  parts.push(rect(x, top, w, GROUND - top, 'url(#shade)'));
  parts.push(rect(x - 20, top - 8, w + 40, 10, facade.trim));
  // Ground-floor retail with awning.
  parts.push(rect(x, GROUND - 56, w, 56, facade.dark));
  for (let fx = x + 20; fx < x + w - 60; fx += 110) parts.push(rect(fx, GROUND - 46, 90, 46, 'url(#glass)'));
  parts.push(rect(x - 10, GROUND - 62, w + 20, 8, facade.accent));
  // Rooftop garden.
  for (let i = 0; i < 7; i++) {
    parts.push(`<circle cx="${x + 280 + i * 50}" cy="${top - 6}" r="${rng.int(10, 16)}" fill="#4e9a57"/>`);
  }
  return parts.join('\n');
}

function lowrise(scene: Scene, rng: Rng): string {
  const { facade, sky } = scene;
  const parts: string[] = [];
  const blocks = [
    { x: 130, w: 460, floors: 4 },
    { x: 610, w: 460, floors: 3 },
  ];
  const fh = 74;
  for (const block of blocks) {
    const top = GROUND - block.floors * fh;
    parts.push(rect(block.x, top, block.w, GROUND - top, 'url(#facade)'));
    // Cladding panels.
    for (let px = block.x; px < block.x + block.w; px += 16) {
      parts.push(rect(px, top, 2, GROUND - top, facade.dark, 'opacity="0.18"'));
    }
    for (let f = 0; f < block.floors; f++) {
      const fy = top + f * fh;
      for (let fx = block.x + 26; fx < block.x + block.w - 70; fx += 104) {
        parts.push(rect(fx - 4, fy + 14, 76, 50, facade.trim));
        parts.push(rect(fx, fy + 18, 68, 42, windowFill(rng, facade, sky.night)));
        parts.push(rect(fx + 33, fy + 18, 2, 42, facade.trim));
        if (f > 0 && rng.chance(0.5)) {
          parts.push(rect(fx - 10, fy + 54, 88, 6, facade.trim));
          parts.push(rect(fx - 10, fy + 40, 88, 14, facade.accent, 'opacity="0.55"'));
        }
      }
    }
    parts.push(rect(block.x - 12, top - 12, block.w + 24, 14, facade.accent));
    parts.push(rect(block.x, top, block.w, GROUND - top, 'url(#shade)'));
    for (let i = 0; i < 5; i++) {
      parts.push(
        `<circle cx="${block.x + 40 + i * 90}" cy="${top - 18}" r="${rng.int(9, 15)}" fill="#5aa562"/>`,
      );
    }
  }
  // Entry canopy.
  parts.push(rect(300, GROUND - 70, 130, 10, facade.dark));
  parts.push(rect(330, GROUND - 60, 70, 60, sky.night ? '#ffe3a0' : 'url(#glass)'));
  return parts.join('\n');
}

function townhouse(scene: Scene, rng: Rng): string {
  const { facade, sky } = scene;
  const parts: string[] = [];
  const unitW = 190;
  const count = 5;
  const startX = (W - unitW * count) / 2;
  const tones = [facade.light, facade.trim, facade.light, facade.dark, facade.trim];
  for (let i = 0; i < count; i++) {
    const x = startX + i * unitW;
    const storeys = i % 2 === 0 ? 2 : 3;
    const h = storeys * 92;
    const top = GROUND - h;
    const tone = tones[i % tones.length]!;
    parts.push(rect(x, top, unitW - 6, h, tone));
    parts.push(rect(x, top, unitW - 6, h, 'url(#shade)', 'opacity="0.6"'));
    // Roof: gable or skillion.
    if (rng.chance(0.5)) {
      parts.push(
        `<polygon points="${r(x - 12)},${top} ${r(x + unitW / 2 - 3)},${top - 70} ${r(x + unitW + 6)},${top}" fill="${facade.accent}"/>`,
      );
      parts.push(
        `<circle cx="${r(x + unitW / 2 - 3)}" cy="${top - 26}" r="14" fill="${windowFill(rng, facade, sky.night)}"/>`,
      );
    } else {
      parts.push(
        `<polygon points="${r(x - 12)},${top - 40} ${r(x + unitW + 6)},${top} ${r(x - 12)},${top}" fill="${facade.accent}"/>`,
      );
    }
    // Garage, door and windows.
    parts.push(rect(x + 16, GROUND - 74, 96, 74, '#e6e8ea'));
    for (let g = 0; g < 6; g++) parts.push(rect(x + 16, GROUND - 74 + g * 12, 96, 2, '#b9bec3'));
    parts.push(rect(x + 126, GROUND - 84, 40, 84, facade.accent));
    parts.push(`<circle cx="${r(x + 158)}" cy="${GROUND - 42}" r="3" fill="#f5d76e"/>`);
    for (let s = 1; s < storeys; s++) {
      const fy = GROUND - (s + 1) * 92 + 16;
      parts.push(rect(x + 18, fy, 150, 60, facade.trim));
      parts.push(rect(x + 24, fy + 6, 66, 48, windowFill(rng, facade, sky.night)));
      parts.push(rect(x + 96, fy + 6, 66, 48, windowFill(rng, facade, sky.night)));
      if (s === 1) {
        parts.push(rect(x + 10, fy + 58, 166, 8, facade.dark));
        parts.push(rect(x + 10, fy + 38, 166, 20, '#dff3ff', 'opacity="0.35"'));
      }
    }
  }
  // Fence and letterboxes.
  for (let x = startX - 20; x < startX + unitW * count + 20; x += 14) {
    parts.push(rect(x, GROUND + 20, 8, 42, sky.night ? '#5a4634' : '#9b7651'));
  }
  parts.push(rect(startX - 20, GROUND + 28, unitW * count + 40, 5, sky.night ? '#5a4634' : '#8a6846'));
  return parts.join('\n');
}

export function renderScene(scene: Scene): string {
  const rng = createRng(scene.seed);
  const building = { tower, midrise, lowrise, townhouse }[scene.kind](scene, rng);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" role="img" aria-label="Illustration of a ${scene.kind === 'townhouse' ? 'townhouse development' : 'residential building'}">
${defs(scene)}
${backdrop(scene, rng)}
${building}
${foreground(scene, rng)}
</svg>
`;
}

/** A two-bedroom apartment plan, drawn as a line plan with room labels. */
export function renderFloorplan(): string {
  const wall = 'fill="none" stroke="#1f2933" stroke-width="8" stroke-linejoin="round"';
  const thin = 'fill="none" stroke="#1f2933" stroke-width="4"';
  const label = (x: number, y: number, name: string, size: string) =>
    `<text x="${x}" y="${y}" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="22" font-weight="600" fill="#1f2933">${name}</text><text x="${x}" y="${y + 26}" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="17" fill="#52606d">${size}</text>`;
  const door = (x: number, y: number, rw: number, flip = false) =>
    `<path d="M${x} ${y} ${flip ? `l0 ${-rw} a${rw} ${rw} 0 0 1 ${rw} ${rw}` : `l${rw} 0 a${rw} ${rw} 0 0 1 ${-rw} ${rw}`}" fill="none" stroke="#7b8794" stroke-width="2"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 800" width="1200" height="800" role="img" aria-label="Floorplan of a two-bedroom apartment">
<rect width="1200" height="800" fill="#ffffff"/>
<rect x="0" y="0" width="1200" height="70" fill="#f0f4f8"/>
<text x="60" y="46" font-family="Helvetica, Arial, sans-serif" font-size="28" font-weight="700" fill="#1f2933">Type 2B · Two bedroom, two bathroom</text>
<text x="1140" y="46" text-anchor="end" font-family="Helvetica, Arial, sans-serif" font-size="20" fill="#52606d">Internal 82 m² · Balcony 12 m²</text>
<g>
<rect x="120" y="130" width="900" height="560" fill="#fbfaf7"/>
<path d="M120 130 H1020 V690 H120 Z" ${wall}/>
<path d="M420 130 V360 M420 440 V690 M120 420 H330 M700 130 V300 M700 380 V690 M700 470 H1020 M420 560 H560 M640 560 H700" ${thin}/>
<rect x="1020" y="160" width="120" height="500" fill="#e6f2ea"/>
<path d="M1020 160 H1140 V660 H1020" fill="none" stroke="#1f2933" stroke-width="3" stroke-dasharray="10 8"/>
<rect x="1012" y="220" width="16" height="380" fill="#cfe3f3"/>
<rect x="200" y="122" width="150" height="16" fill="#cfe3f3"/>
<rect x="480" y="122" width="160" height="16" fill="#cfe3f3"/>
<rect x="760" y="122" width="200" height="16" fill="#cfe3f3"/>
${door(330, 420, 70)}
${door(420, 360, 80, true)}
${door(560, 560, 80)}
${door(700, 300, 80, true)}
<rect x="440" y="600" width="240" height="70" fill="none" stroke="#9aa5b1" stroke-width="3"/>
<rect x="460" y="150" width="140" height="90" rx="8" fill="none" stroke="#9aa5b1" stroke-width="3"/>
<rect x="140" y="150" width="180" height="140" rx="6" fill="none" stroke="#9aa5b1" stroke-width="3"/>
<rect x="730" y="150" width="160" height="120" rx="6" fill="none" stroke="#9aa5b1" stroke-width="3"/>
<rect x="720" y="500" width="140" height="70" rx="30" fill="none" stroke="#9aa5b1" stroke-width="3"/>
<circle cx="960" cy="620" r="26" fill="none" stroke="#9aa5b1" stroke-width="3"/>
${label(270, 330, 'Bedroom 2', '3.1 × 3.0 m')}
${label(270, 560, 'Bathroom', '2.4 × 2.1 m')}
${label(560, 300, 'Kitchen', '3.4 × 2.6 m')}
${label(560, 470, 'Living / Dining', '5.8 × 4.2 m')}
${label(860, 380, 'Main bedroom', '3.6 × 3.4 m')}
${label(860, 600, 'Ensuite', '2.6 × 2.2 m')}
${label(1080, 420, 'Balcony', '')}
</g>
<g transform="translate(90 740)"><rect width="60" height="10" fill="#1f2933"/><rect x="60" width="60" height="10" fill="#ffffff" stroke="#1f2933" stroke-width="2"/><text x="130" y="10" font-family="Helvetica, Arial, sans-serif" font-size="16" fill="#52606d">2 m</text></g>
<g transform="translate(1110 740)"><path d="M0 -28 L12 8 L0 0 L-12 8 Z" fill="#1f2933"/><text y="30" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="16" fill="#1f2933">N</text></g>
<text x="600" y="775" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="14" fill="#7b8794">Demo floorplan for illustration only. Areas are approximate.</text>
</svg>
`;
}

/** A one-page PDF written object by object, with a correct cross-reference table. */
export function renderBrochurePdf(): Buffer {
  const lines: [size: number, y: number, text: string][] = [
    [30, 720, 'Off-the-plan project brochure'],
    [14, 690, 'Demo brochure for the Offplan Portal sample listings.'],
    [12, 640, 'Architecturally designed residences with premium finishes,'],
    [12, 622, 'light-filled living areas and generous balconies.'],
    [12, 590, '- One, two and three bedroom apartments and townhomes'],
    [12, 572, '- Stone benchtops, integrated European appliances'],
    [12, 554, "- Residents' rooftop terrace, gym and secure parking"],
    [12, 536, '- Close to transport, schools, parks and shopping'],
    [12, 490, 'Register your interest through the listing page to receive'],
    [12, 472, 'pricing, floorplans and display suite opening hours.'],
    [9, 80, 'Sample document. All images and details are illustrative only.'],
  ];
  const escapePdf = (text: string) => text.replace(/[\\()]/g, (c) => `\\${c}`);
  const content = [
    '0.95 0.96 0.97 rg 0 742 612 50 re f',
    '0.18 0.56 0.62 rg 0 742 8 50 re f',
    'BT',
    ...lines.flatMap(([size, y, text]) => [
      `/F1 ${size} Tf`,
      `1 0 0 1 56 ${y} Tm`,
      `0.12 0.16 0.2 rg`,
      `(${escapePdf(text)}) Tj`,
    ]),
    'ET',
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
    '<< /Title (Offplan demo brochure) /Producer (Offplan Portal demo data) >>',
  ];
  let body = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 6 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

function main() {
  const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../assets/demo');
  mkdirSync(dir, { recursive: true });
  const written: Record<string, number> = {};
  const write = (name: string, data: string | Buffer) => {
    const file = path.join(dir, name);
    writeFileSync(file, data);
    written[name] = statSync(file).size;
  };
  for (const [index, scene] of SCENES.entries()) write(`${index + 1}.svg`, renderScene(scene));
  write('floorplan.svg', renderFloorplan());
  write('brochure.pdf', renderBrochurePdf());
  console.log(JSON.stringify(written, null, 2));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
