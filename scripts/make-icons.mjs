// Renders every icon the app and its installers use from the two SVG sources in build/:
//
//   build/icon.svg        -> build/icon.png (1024), build/icons/<n>x<n>.png (Linux),
//                            build/icon.icns (macOS), build/icon.ico (Windows)
//   build/tray/tray.svg   -> build/tray/tray-<state>Template.png + @2x   (macOS template images)
//                            build/tray/tray-<state>.png + @2x           (Linux)
//                            build/tray/tray-<state>.ico                 (Windows)
//                            build/tray/tray-attention-<n>.ico           (Windows, 1..9, 9plus)
//
// The output is deterministic (no timestamps, no system fonts), so the generated files are
// committed and CI can check that they match their sources: `npm run icons && git diff --exit-code`.
import { Buffer } from 'node:buffer';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';
import resvg from '@resvg/resvg-js';
import png2icons from 'png2icons';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const build = join(root, 'build');

export const APP_ICON_SIZES = [16, 24, 32, 48, 64, 128, 256, 512, 1024];
export const TRAY_STATES = ['ok', 'attention', 'offline'];
/** Windows picks the entry that matches the taskbar's scale: 100, 125, 150, 200, 250, 300, 400 %. */
export const TRAY_ICO_SIZES = [16, 20, 24, 32, 40, 48, 64];

/**
 * How the tray glyph looks on each OS.
 * - macOS: a template image, black and alpha only; the menu bar tints it for light, dark and
 *   selected states, so the attention badge is shape, not colour.
 * - Linux: most panels (GNOME, KDE's default, Cinnamon, XFCE's dark themes) are dark; a light glyph
 *   reads there, and the amber badge adds colour where it means something.
 * - Windows: the taskbar may be light or dark, so the glyph takes the brand indigo, which holds
 *   contrast against both.
 */
const TRAY_STYLES = {
  template: { color: '#000000', accent: null },
  linux: { color: '#F4F4F5', accent: '#F59E0B' },
  windows: { color: '#6366F1', accent: '#F59E0B' },
};

function render(svg, width) {
  const image = new resvg.Resvg(svg, {
    fitTo: { mode: 'width', value: width },
    font: { loadSystemFonts: false },
    logLevel: 'error',
  }).render();
  if (image.width !== width) throw new Error(`rendered ${image.width}px, wanted ${width}px`);
  return image.asPng();
}

/** The tray SVG for one state and style; see the comment at the top of build/tray/tray.svg. */
export function traySvg(source, state, style) {
  if (!TRAY_STATES.includes(state)) throw new Error(`unknown tray state ${state}`);
  let svg = source;
  const mask = 'mask="url(#cut-ok)"';
  if (!svg.includes(mask)) throw new Error('tray.svg: the glyph must carry mask="url(#cut-ok)"');
  svg = svg.replace(mask, `mask="url(#cut-${state})"`);
  svg = svg.replace(/<g data-state="([a-z]+)">[\s\S]*?<\/g>\s*/g, (layer, layerState) =>
    layerState === state ? layer : '',
  );
  svg = svg.replace(/(<svg\b[^>]*?)\scolor="[^"]*"/, `$1 color="${style.color}"`);
  if (style.accent !== null) {
    svg = svg.replace(/data-accent="" ([^>]*?)fill="currentColor"/g, `$1fill="${style.accent}"`);
  }
  return svg;
}

/** The counts a Windows badge carries (main/tray/tray-icon.ts names the files the same way). */
export const TRAY_BADGES = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '9+'];

/**
 * A 3 x 5 pixel font for the badge's digits (and 3 x 3 for "+"), one string per row: drawn as
 * rectangles on the 16 px grid, so the 16 px render is crisp without any font on the machine.
 */
const BADGE_FONT = {
  1: ['010', '110', '010', '010', '111'],
  2: ['111', '001', '111', '100', '111'],
  3: ['111', '001', '111', '001', '111'],
  4: ['101', '101', '111', '001', '001'],
  5: ['111', '100', '111', '001', '111'],
  6: ['111', '100', '111', '101', '111'],
  7: ['111', '001', '001', '001', '001'],
  8: ['111', '101', '111', '101', '111'],
  9: ['111', '101', '111', '001', '111'],
  '+': ['010', '111', '010'],
};
const BADGE_INK = '#18181B';

function glyphRects(char, left, top) {
  const rows = BADGE_FONT[char];
  if (rows === undefined) throw new Error(`no badge glyph for ${char}`);
  const rects = [];
  rows.forEach((row, y) => {
    // One rectangle per run of lit pixels in a row.
    for (const match of row.matchAll(/1+/g)) {
      rects.push(
        `<rect x="${left + match.index}" y="${top + y}" width="${match[0].length}" height="1"/>`,
      );
    }
  });
  return rects.join('');
}

/**
 * The Windows attention icon with the count on it: an amber disc (a pill for "9+") in the top
 * right corner, dark digits, and a gap cut in the glyph around it.
 */
export function badgeSvg(source, label) {
  if (!TRAY_BADGES.includes(label)) throw new Error(`unknown badge ${label}`);
  const style = TRAY_STYLES.windows;
  const wide = label.length > 1;
  const x = wide ? 5 : 7;
  const width = wide ? 11 : 9;
  let svg = traySvg(source, 'ok', style);
  const cut =
    `<mask id="cut-badge" maskUnits="userSpaceOnUse" x="0" y="0" width="16" height="16">` +
    `<rect width="16" height="16" fill="#fff"/>` +
    `<rect x="${x - 1}" y="-1" width="${width + 2}" height="11" rx="5.5" fill="#000"/></mask>`;
  svg = svg.replace('mask="url(#cut-ok)"', 'mask="url(#cut-badge)"');
  svg = svg.replace('</defs>', `${cut}</defs>`);
  const digits = wide
    ? glyphRects('9', x + 2, 2) + glyphRects('+', x + 6, 3)
    : glyphRects(label, x + 3, 2);
  const badge =
    `<rect x="${x}" y="0" width="${width}" height="9" rx="4.5" fill="${style.accent}"/>` +
    `<g fill="${BADGE_INK}">${digits}</g>`;
  return svg.replace('</svg>', `${badge}</svg>`);
}

/** An .ico whose entries are PNGs (Windows Vista and later), one per size, each rendered crisp. */
export function icoFromPngs(pngs) {
  const header = Buffer.alloc(6 + 16 * pngs.length);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(pngs.length, 4);
  let offset = header.length;
  pngs.forEach(({ size, png }, index) => {
    const entry = 6 + 16 * index;
    header.writeUInt8(size >= 256 ? 0 : size, entry);
    header.writeUInt8(size >= 256 ? 0 : size, entry + 1);
    header.writeUInt8(0, entry + 2);
    header.writeUInt8(0, entry + 3);
    header.writeUInt16LE(1, entry + 4);
    header.writeUInt16LE(32, entry + 6);
    header.writeUInt32LE(png.length, entry + 8);
    header.writeUInt32LE(offset, entry + 12);
    offset += png.length;
  });
  return Buffer.concat([header, ...pngs.map(({ png }) => png)]);
}

const written = [];
function write(path, data) {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, data);
  written.push(relative(root, path));
}

function appIcons() {
  const svg = readFileSync(join(build, 'icon.svg'), 'utf8');
  const big = render(svg, 1024);
  write(join(build, 'icon.png'), big);
  for (const size of APP_ICON_SIZES) {
    write(join(build, 'icons', `${size}x${size}.png`), size === 1024 ? big : render(svg, size));
  }
  // png2icons scales the 1024 px master down itself; bicubic keeps the small sizes sharp.
  const icns = png2icons.createICNS(big, png2icons.BICUBIC, 0);
  if (icns === null) throw new Error('png2icons could not build icon.icns');
  write(join(build, 'icon.icns'), icns);
  // forWinExe: PNG entries for the large sizes, BMP for the small ones (Explorer's property
  // dialogs on older Windows cannot show PNG entries). 256 px is the size electron-builder needs.
  const ico = png2icons.createICO(big, png2icons.BICUBIC, 0, false, true);
  if (ico === null) throw new Error('png2icons could not build icon.ico');
  write(join(build, 'icon.ico'), ico);
}

function trayIcons() {
  const source = readFileSync(join(build, 'tray', 'tray.svg'), 'utf8');
  for (const state of TRAY_STATES) {
    const template = traySvg(source, state, TRAY_STYLES.template);
    write(join(build, 'tray', `tray-${state}Template.png`), render(template, 16));
    write(join(build, 'tray', `tray-${state}Template@2x.png`), render(template, 32));

    const linux = traySvg(source, state, TRAY_STYLES.linux);
    write(join(build, 'tray', `tray-${state}.png`), render(linux, 16));
    write(join(build, 'tray', `tray-${state}@2x.png`), render(linux, 32));

    const windows = traySvg(source, state, TRAY_STYLES.windows);
    const pngs = TRAY_ICO_SIZES.map((size) => ({ size, png: render(windows, size) }));
    write(join(build, 'tray', `tray-${state}.ico`), icoFromPngs(pngs));
  }
  for (const label of TRAY_BADGES) {
    const badge = badgeSvg(source, label);
    const pngs = TRAY_ICO_SIZES.map((size) => ({ size, png: render(badge, size) }));
    const name = label.replace('+', 'plus');
    write(join(build, 'tray', `tray-attention-${name}.ico`), icoFromPngs(pngs));
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  appIcons();
  trayIcons();
  process.stdout.write(`make-icons: wrote ${written.length} files\n  ${written.join('\n  ')}\n`);
}
