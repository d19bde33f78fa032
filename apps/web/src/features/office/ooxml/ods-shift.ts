import { CONTENT } from './odf';
import { elements, type OoxmlPackage } from './package';
import { shiftRefs } from './refs';

// What else in an .ods refers to cells, moved when rows or columns are inserted or deleted (xlsx-shift.ts is the .xlsx
// side): named ranges and expressions, content validations, LibreOffice's conditional formats (calcext), and the
// ranges of charts (the frame's update list in content.xml, the series in each chart object's own content.xml).
// Validations and the ODF 1.2 conditional styles are attached to their cells, so those move with the cells already.

type Axis = 'row' | 'col';

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
 * One ODF cell or range address ("$Sheet1.$A$1:.$B$10", "'My sheet'.A1"), moved; null when all its cells are deleted.
 * `own` names the sheet of an address without one.
 */
function shiftAddress(address: string, own: string, target: string, axis: Axis, at: number, count: number): string | null {
  const [a, b, ...rest] = address.split(':');
  const first = END.exec(a ?? '');
  const second = b === undefined ? null : END.exec(b);
  // Anything else (whole rows or columns, 3-D ranges across sheets) is left as it is.
  if (!first || rest.length || (b !== undefined && !second) || (second?.[1] && unquote(second[1]) !== unquote(first[1]!))) return address;
  const sheet = first[1] ? unquote(first[1]) : own;
  const moved = shiftRefs(`${quote(sheet)}!${first[2]}${second ? `:${second[2]}` : ''}`, own, target, axis, at, count);
  if (moved === '#REF!') return null;
  const m = /!(\$?[A-Z]{1,3}\$?\d+)(?::(\$?[A-Z]{1,3}\$?\d+))?$/.exec(moved);
  if (!m) return address;
  return `${first[1]}.${m[1]}${second ? `:${second[1]}.${m[2] ?? m[1]}` : ''}`;
}

/** A space-separated list of addresses, moved; the ones wholly deleted dropped (null when none is left). */
export function shiftAddressList(list: string, own: string, target: string, axis: Axis, at: number, count: number): string | null {
  // Spaces separate the addresses, except inside a quoted sheet name.
  const out = (list.match(/(?:'(?:[^']|'')*'|[^\s'])+/g) ?? [])
    .map((a) => shiftAddress(a, own, target, axis, at, count))
    .filter((a): a is string => a !== null);
  return out.length ? out.join(' ') : null;
}

/** The references in brackets of an OpenFormula condition or expression ("of:cell-content-is-in-list([.$B$8:.$B$10])"), moved. */
export function shiftBracketed(text: string, own: string, target: string, axis: Axis, at: number, count: number): string {
  return text
    .split(/("(?:[^"]|"")*")/)
    .map((part, i) => (i % 2 ? part : part.replace(/\[([^\]]+)\]/g, (whole, inner: string) => {
      const moved = shiftAddress(inner, own, target, axis, at, count);
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

function shiftPart(root: Element, target: string, axis: Axis, at: number, count: number): boolean {
  let changed = false;
  const visit = (el: Element) => {
    const own = ownSheet(el);
    for (const a of Array.from(el.attributes)) {
      const local = a.localName;
      let next: string | null = a.value;
      if (ADDRESS.has(local)) {
        next = shiftAddressList(a.value, own, target, axis, at, count);
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
        next = shiftBracketed(a.value, own, target, axis, at, count);
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
