import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tokens = fs.readFileSync(path.join(SRC, 'styles/tokens.css'), 'utf8');

function cssFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => (entry.isDirectory() ? cssFiles(path.join(dir, entry.name)) : entry.name.endsWith('.css') ? [path.join(dir, entry.name)] : []));
}

/** The layer tokens, name -> number. */
function layers(): Map<string, number> {
  const found = new Map<string, number>();
  for (const match of tokens.matchAll(/--(layer-[a-z0-9-]+):\s*(-?\d+);/g)) found.set(match[1]!, Number(match[2]));
  return found;
}

/** The z-index a class of a CSS file resolves to through the tokens (a module's own rule for that selector). */
function zIndexOf(file: string, selector: string): number {
  const css = fs.readFileSync(path.join(SRC, file), 'utf8');
  const rule = new RegExp(`(^|\\n)${selector.replace('.', '\\.')}\\s*\\{([^}]*)\\}`).exec(css);
  const value = rule ? /z-index:\s*var\(--(layer-[a-z0-9-]+)\)/.exec(rule[2]!) : null;
  if (!value) throw new Error(`${file} ${selector} has no layer`);
  return layers().get(value[1]!)!;
}

describe('the stacking scale', () => {
  it('orders the layers from the page up to the toasts', () => {
    const scale = layers();
    const order = ['base', 'raised', 'sticky', 'header', 'panel', 'drawer', 'viewer', 'dialog', 'menu', 'toast'].map((name) => scale.get(`layer-${name}`));
    expect(order.every((value) => typeof value === 'number')).toBe(true);
    const numbers = order as number[];
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    expect(new Set(numbers).size).toBe(numbers.length);
  });

  it('takes every z-index in the app from the scale, never a literal', () => {
    const known = layers();
    const offenders: string[] = [];
    for (const file of cssFiles(SRC)) {
      const css = fs.readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
      for (const match of css.matchAll(/z-index:\s*([^;]+);/g)) {
        const token = /^var\(--(layer-[a-z0-9-]+)\)$/.exec(match[1]!.trim());
        if (!token || !known.has(token[1]!)) offenders.push(`${path.relative(SRC, file)}: ${match[1]}`);
      }
    }
    expect(offenders).toEqual([]);
  });

  it('puts a menu opened in the viewer above it, and a dialog opened from the viewer above it too', () => {
    const viewer = zIndexOf('media/viewer/viewer.module.css', '.viewer');
    expect(zIndexOf('components/ui/menu.module.css', '.menu')).toBeGreaterThan(viewer);
    expect(zIndexOf('components/ui/modal.module.css', '.content')).toBeGreaterThan(viewer);
    expect(zIndexOf('features/foryou/components/viewer.module.css', '.shell')).toBe(viewer);
  });

  it('keeps a menu in a dialog and a toast over a dialog on top', () => {
    const dialog = zIndexOf('components/ui/modal.module.css', '.content');
    expect(zIndexOf('components/ui/modal.module.css', '.backdrop')).toBe(dialog);
    expect(zIndexOf('components/ui/menu.module.css', '.menu')).toBeGreaterThan(dialog);
    expect(zIndexOf('features/account/components/account.module.css', '.card')).toBeGreaterThan(dialog);
    expect(zIndexOf('components/ui/toast-host.module.css', '.viewport')).toBeGreaterThan(zIndexOf('components/ui/menu.module.css', '.menu'));
  });

  it('lets only the shared menu set a menu panel\'s layer (a second z-index lost to it by CSS load order)', () => {
    const composers = cssFiles(SRC).filter((file) => /composes:\s*menu\s+from/.test(fs.readFileSync(file, 'utf8')));
    expect(composers.length).toBeGreaterThan(0);
    for (const file of composers) {
      const css = fs.readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
      for (const rule of css.matchAll(/\{([^}]*composes:\s*menu\s+from[^}]*)\}/g)) expect(rule[1]).not.toMatch(/z-index/);
    }
  });
});
