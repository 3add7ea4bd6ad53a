import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * WCAG 2.2 AA for the design tokens in both themes: 4.5:1 for text on every surface it is used
 * on, 3:1 for control outlines and the focus ring (success criteria 1.4.3 and 1.4.11).
 */
const css = readFileSync('src/ui/styles/tokens.css', 'utf8');

function block(selector: string): Record<string, string> {
  const start = css.indexOf(`${selector} {`);
  const body = css.slice(start, css.indexOf('\n}', start));
  return Object.fromEntries(
    [...body.matchAll(/--([\w-]+):\s*(#[0-9a-f]{6})\s*;/gi)].map((m) => [m[1]!, m[2]!]),
  );
}

const light = block("[data-theme='light']");
const themes = { light, dark: { ...light, ...block("[data-theme='dark']") } };

function luminance(hex: string): number {
  const channels = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  const [r, g, b] = channels.map((v) => (v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

const surfaces = ['bg', 'surface', 'surface-2'];
const text: [string, string[]][] = [
  ['text', [...surfaces, 'surface-3']],
  ['muted', surfaces],
  ['accent-strong', surfaces],
  ['danger', surfaces],
  ['success', surfaces],
  ['warning', surfaces],
  ['on-accent', ['accent', 'accent-hover']],
  ['on-badge', ['badge']],
  ['on-hero', ['hero-from', 'hero-to']],
];
const ui: [string, string[]][] = [
  ['control-border', surfaces],
  ['focus', surfaces],
];

describe.each(Object.entries(themes))('the %s theme', (_name, tokens) => {
  const pairs = (list: [string, string[]][]) =>
    list.flatMap(([fg, bgs]) => bgs.map((bg) => [fg, bg] as const));

  it.each(pairs(text))('text --%s on --%s reaches 4.5:1', (fg, bg) => {
    expect(tokens[fg], fg).toBeDefined();
    expect(tokens[bg], bg).toBeDefined();
    expect(contrast(tokens[fg]!, tokens[bg]!)).toBeGreaterThanOrEqual(4.5);
  });

  it.each(pairs(ui))('control --%s on --%s reaches 3:1', (fg, bg) => {
    expect(contrast(tokens[fg]!, tokens[bg]!)).toBeGreaterThanOrEqual(3);
  });
});

it('knows the failure the review found: white on the old gold is 3.64:1', () => {
  expect(contrast('#ffffff', '#b7791f')).toBeCloseTo(3.64, 1);
});
