import { CONTENT } from './odf';
import { elements, type OoxmlPackage } from './package';
import { anchorDelta, cellOf, colName, shiftRefs, translate } from './refs';

// What else in an .ods refers to cells, moved when rows or columns are inserted or deleted (xlsx-shift.ts is the .xlsx
// side): named ranges and expressions, content validations, LibreOffice's conditional formats (calcext), and the
// ranges of charts (the frame's update list in content.xml, the series in each chart object's own content.xml).
// Validations and the ODF 1.2 conditional styles are attached to their cells, so those move with the cells already.
// A rule whose base cell is deleted is read from another cell (rebase), so its relative references do not turn #REF!.

type Axis = 'row' | 'col';
/** How far relative references are translated before they move (a rule read from another base cell). */
type Delta = { rows: number; cols: number };
const NONE: Delta = { rows: 0, cols: 0 };

const CALCEXT = 'urn:org:documentfoundation:names:experimental:calc:xmlns:calcext:1.0';
/** Attributes holding cell addresses or lists of them (by local name; their namespaces vary: table, chart, draw, calcext). */
const ADDRESS = new Set(['cell-range-address', 'target-range-address', 'notify-on-update-of-ranges', 'values-cell-range-address', 'label-cell-address', 'base-cell-address']);
/** Elements that mean nothing once every cell they name is deleted. */
const DROP_WHEN_EMPTY = new Set(['named-range', 'conditional-format']);

const unquote = (sheet: string) => {
  const s = sheet.replace(/^\$/, '');
  return s.startsWith("'") ? s.slice(1, -1).replace(/''/g, "'") : s;
};
const quote = (name: string) => (/^[\p{L}_][\p{L}\p{N}_]*$/u.test(name) ? name : `'${name.replace(/'/g, "''")}'`);

const END = /^(\$?(?:'(?:[^']|'')+'|[^.']*))\.(\$?[A-Z]{1,3}\$?\d+)$/;

/**
 * One ODF cell or range address ("$Sheet1.$A$1:.$B$10", "'My sheet'.A1"), moved (its relative parts translated by
 * `delta` first); null when all its cells are deleted. `own` names the sheet of an address without one.
 */
function shiftAddress(address: string, own: string, target: string, axis: Axis, at: number, count: number, delta = NONE): string | null {
  const [a, b, ...rest] = address.split(':');
  const first = END.exec(a ?? '');
  const second = b === undefined ? null : END.exec(b);
  // Anything else (whole rows or columns, 3-D ranges across sheets) is left as it is.
  if (!first || rest.length || (b !== undefined && !second) || (second?.[1] && unquote(second[1]) !== unquote(first[1]!))) return address;
  const sheet = first[1] ? unquote(first[1]) : own;
  const moved = shiftRefs(translate(`${quote(sheet)}!${first[2]}${second ? `:${second[2]}` : ''}`, delta.rows, delta.cols), own, target, axis, at, count);
  if (moved === '#REF!') return null;
  const m = /!(\$?[A-Z]{1,3}\$?\d+)(?::(\$?[A-Z]{1,3}\$?\d+))?$/.exec(moved);
  if (!m) return address;
  return `${first[1]}.${m[1]}${second ? `:${second[1]}.${m[2] ?? m[1]}` : ''}`;
}

/** The addresses of a space-separated list (spaces inside a quoted sheet name are not separators). */
const addressesOf = (list: string) => list.match(/(?:'(?:[^']|'')*'|[^\s'])+/g) ?? [];

/** A space-separated list of addresses, moved (translated by `delta` first); the ones wholly deleted dropped (null when none is left). */
export function shiftAddressList(list: string, own: string, target: string, axis: Axis, at: number, count: number, delta = NONE): string | null {
  const out = addressesOf(list)
    .map((a) => shiftAddress(a, own, target, axis, at, count, delta))
    .filter((a): a is string => a !== null);
  return out.length ? out.join(' ') : null;
}

/**
 * The references in brackets of an OpenFormula condition or expression ("of:cell-content-is-in-list([.$B$8:.$B$10])"),
 * moved (translated by `delta` first).
 */
export function shiftBracketed(text: string, own: string, target: string, axis: Axis, at: number, count: number, delta = NONE): string {
  return text
    .split(/("(?:[^"]|"")*")/)
    .map((part, i) => (i % 2 ? part : part.replace(/\[([^\]]+)\]/g, (whole, inner: string) => {
      const moved = shiftAddress(inner, own, target, axis, at, count, delta);
      return moved === null ? '#REF!' : moved === inner ? whole : `[${moved}]`;
    })))
    .join('');
}

/** The sheet an element's relative references belong to: the one of its base cell. */
function ownSheet(el: Element): string {
  for (let i = 0; i < el.attributes.length; i++) {
    const a = el.attributes[i]!;
    if (a.localName === 'base-cell-address') {
      const m = END.exec(a.value.split(':')[0] ?? '');
      if (m?.[1]) return unquote(m[1]);
    }
  }
  return '';
}

const attrOf = (el: Element, local: string) => Array.from(el.attributes).find((a) => a.localName === local);

/**
 * An element whose base cell (the one its relative references are read from) is deleted is read from another one, as
 * the .xlsx side does (xlsx-shift.ts's shiftAnchored), so every cell left keeps its rule: a conditional format's
 * condition from the cell that becomes its range's top-left (the range already moved), anything else (a validation,
 * whose cells name it and hold no range of it) from the cell that takes the old one's place. The new base address and
 * how far its references are translated; null when the base cell is not deleted.
 */
function rebase(el: Element, target: string, axis: Axis, at: number, count: number): { base: string; delta: Delta } | null {
  const base = attrOf(el, 'base-cell-address')?.value;
  const m = base ? END.exec(base) : null;
  const old = m && cellOf(m[2]!);
  if (!base || !old || shiftAddress(base, '', target, axis, at, count) !== null) return null;
  const parent = el.parentNode as Element | null;
  const range = parent?.localName === 'conditional-format' ? attrOf(parent, 'target-range-address')?.value : undefined;
  const corner = range && END.exec(addressesOf(range)[0]?.split(':')[0] ?? '');
  const now = (corner && cellOf(corner[2]!)) || (axis === 'row' ? { row: at, col: old.col } : { row: old.row, col: at });
  const cell = m[2]!.replace(/^(\$?)[A-Z]+(\$?)\d+$/, (_, c: string, r: string) => `${c}${colName(now.col)}${r}${now.row + 1}`);
  return { base: `${m[1]}.${cell}`, delta: anchorDelta(old, now, axis, at, count) };
}

function shiftPart(root: Element, target: string, axis: Axis, at: number, count: number): boolean {
  let changed = false;
  const visit = (el: Element) => {
    const own = ownSheet(el);
    const rebased = rebase(el, target, axis, at, count);
    const delta = rebased?.delta ?? NONE;
    for (const a of Array.from(el.attributes)) {
      const local = a.localName;
      let next: string | null = a.value;
      if (local === 'base-cell-address' && rebased) next = rebased.base;
      else if (ADDRESS.has(local)) {
        next = shiftAddressList(a.value, own, target, axis, at, count, delta);
        if (next === null) {
          // A named range or a conditional format on deleted cells goes; elsewhere (a chart series) it keeps its address.
          if (DROP_WHEN_EMPTY.has(el.localName)) {
            el.parentNode?.removeChild(el);
            changed = true;
            return;
          }
          continue;
        }
      } else if (local === 'expression' || local === 'condition' || (local === 'value' && a.namespaceURI === CALCEXT)) {
        next = shiftBracketed(a.value, own, target, axis, at, count, delta);
      } else continue;
      if (next !== a.value) {
        el.setAttributeNS(a.namespaceURI, a.name, next);
        changed = true;
      }
    }
    // Cells' own formulas (table:formula) are not among these attributes: the model moves them and the writer writes them.
    for (const c of elements(el)) visit(c);
  };
  visit(root);
  return changed;
}

/** Moves what refers to the cells of sheet `target` after rows or columns of it were inserted or deleted. */
export function shiftOdsReferences(pkg: OoxmlPackage, target: string, axis: Axis, at: number, count: number): void {
  const content = pkg.doc(CONTENT).documentElement;
  if (shiftPart(content, target, axis, at, count)) pkg.edit(CONTENT);
  // Chart objects: "Object 1/content.xml" and the like.
  for (const path of pkg.paths().filter((p) => /\/content\.xml$/.test(p))) {
    const root = pkg.doc(path).documentElement;
    if (!root.getElementsByTagNameNS('urn:oasis:names:tc:opendocument:xmlns:chart:1.0', 'chart').length) continue;
    if (shiftPart(root, target, axis, at, count)) pkg.edit(path);
  }
}
