#!/usr/bin/env node
// Measures the web app drawn as a house: units are rooms, imports between them arrows, a unit stands above all it imports.
// Run from the repo root: `node scripts/house.mjs` (add `--json` for machine-readable output).
//
// Units: each top-level folder of apps/web/src (features/<name> each its own unit; test/ and tests excluded) and main.tsx.
// Intended order: shared layers < features < app < main. An arrow "runs back up" when
//   - a shared layer imports a feature, app or main;
//   - a feature imports app or main;
//   - app imports main;
//   - a feature imports another feature other than through a *.public.ts(x) entry.
// Every import counts, type-only ones included. Floors = units on the longest path of the unit graph
// once the back arrows are left out (cycles that remain are collapsed into one floor and listed).
import { execFileSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const web = path.join(root, 'apps/web');
const depcruise = path.join(root, 'node_modules/.bin/depcruise');
const raw = execFileSync(depcruise, ['src', '--config', '../../depcruise.web.mjs', '--output-type', 'json'], {
  cwd: web,
  maxBuffer: 256 * 1024 * 1024,
  encoding: 'utf8',
});
const { modules } = JSON.parse(raw);

const isTest = (file) => /\.test\.tsx?$/.test(file) || file.startsWith('src/test/');

/** The unit a source file belongs to, or null when it is not part of the house. */
function unitOf(file) {
  if (!file.startsWith('src/') || isTest(file)) return null;
  const parts = file.slice('src/'.length).split('/');
  if (parts.length === 1) return parts[0] === 'main.tsx' ? 'main' : null;
  if (parts[0] === 'features') return `features/${parts[1]}`;
  return parts[0];
}

function rank(unit) {
  if (unit === 'main') return 3;
  if (unit === 'app') return 2;
  if (unit.startsWith('features/')) return 1;
  return 0;
}

const isPublicEntry = (file) => /^src\/features\/[^/]+\/[^/]+\.public\.tsx?$/.test(file);

/** Why a file-level edge runs back up, or null when it runs down (or sideways between shared layers). */
function backReason(fromUnit, toUnit, toFile) {
  if (fromUnit === toUnit) return null;
  const from = rank(fromUnit);
  const to = rank(toUnit);
  if (to > from) return 'imports a unit above it';
  if (from === 1 && to === 1 && !isPublicEntry(toFile)) return 'another feature, not through a *.public entry';
  return null;
}

/** @type {Map<string, {from: string, to: string, edges: {from: string, to: string, typeOnly: boolean, reason: string|null}[]}>} */
const arrows = new Map();
const units = new Set();
for (const module of modules) {
  const fromUnit = unitOf(module.source);
  if (!fromUnit) continue;
  units.add(fromUnit);
  for (const dependency of module.dependencies) {
    const toUnit = unitOf(dependency.resolved);
    if (!toUnit || toUnit === fromUnit) continue;
    units.add(toUnit);
    const key = `${fromUnit} -> ${toUnit}`;
    if (!arrows.has(key)) arrows.set(key, { from: fromUnit, to: toUnit, edges: [] });
    const typeOnly = dependency.dependencyTypes.includes('type-only');
    arrows.get(key).edges.push({ from: module.source, to: dependency.resolved, typeOnly, reason: backReason(fromUnit, toUnit, dependency.resolved) });
  }
}

const back = [...arrows.values()].filter((arrow) => arrow.edges.some((edge) => edge.reason)).sort((a, b) => `${a.from}${a.to}`.localeCompare(`${b.from}${b.to}`));
const forward = [...arrows.values()].filter((arrow) => !back.includes(arrow));

// Floors: condense strongly connected components (Tarjan), then the longest path counted in units-as-floors.
const next = new Map([...units].map((unit) => [unit, []]));
for (const arrow of forward) next.get(arrow.from).push(arrow.to);
let index = 0;
const indexOf = new Map();
const low = new Map();
const stack = [];
const onStack = new Set();
const componentOf = new Map();
const components = [];
function connect(unit) {
  indexOf.set(unit, index);
  low.set(unit, index);
  index += 1;
  stack.push(unit);
  onStack.add(unit);
  for (const target of next.get(unit)) {
    if (!indexOf.has(target)) {
      connect(target);
      low.set(unit, Math.min(low.get(unit), low.get(target)));
    } else if (onStack.has(target)) low.set(unit, Math.min(low.get(unit), indexOf.get(target)));
  }
  if (low.get(unit) === indexOf.get(unit)) {
    const component = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      componentOf.set(member, components.length);
      component.push(member);
    } while (member !== unit);
    components.push(component.sort());
  }
}
for (const unit of [...units].sort()) if (!indexOf.has(unit)) connect(unit);

// Height of a component = 1 + the highest component it imports (its floor, counted from the ground).
const height = new Map();
function heightOf(component) {
  if (height.has(component)) return height.get(component);
  let best = 0;
  for (const unit of components[component])
    for (const target of next.get(unit)) {
      const other = componentOf.get(target);
      if (other !== component) best = Math.max(best, heightOf(other));
    }
  height.set(component, best + 1);
  return best + 1;
}
components.forEach((_, component) => heightOf(component));
const floors = Math.max(...height.values());
// One longest path, from the top down.
const path_ = [];
let current = [...height.entries()].find(([, h]) => h === floors)[0];
while (current !== undefined) {
  path_.push(components[current].join('+'));
  let below;
  for (const unit of components[current])
    for (const target of next.get(unit)) {
      const other = componentOf.get(target);
      if (other !== current && height.get(other) === height.get(current) - 1) below = other;
    }
  current = below;
}
const cycles = components.filter((component) => component.length > 1);

if (process.argv.includes('--json')) {
  console.log(JSON.stringify({ units: units.size, arrows: arrows.size, backArrows: back.length, floors, longestPath: path_, cycles, back }, null, 2));
} else {
  console.log(`units: ${units.size}, unit-level arrows: ${arrows.size}`);
  console.log(`arrows that run back up: ${back.length}`);
  for (const arrow of back) {
    const edges = arrow.edges.filter((edge) => edge.reason);
    const typeOnly = edges.filter((edge) => edge.typeOnly).length;
    console.log(`  ${arrow.from} -> ${arrow.to}  (${edges.length} import${edges.length === 1 ? '' : 's'}${typeOnly ? `, ${typeOnly} type-only` : ''}; ${edges[0].reason})`);
    for (const edge of edges) console.log(`      ${edge.from} -> ${edge.to}${edge.typeOnly ? ' [type-only]' : ''}`);
  }
  console.log(`floors: ${floors}`);
  console.log(`  longest path (top down): ${path_.join(' -> ')}`);
  console.log(`cycles left after ignoring back arrows: ${cycles.length}`);
  for (const cycle of cycles) console.log(`  ${cycle.join(' <-> ')}`);
}
