// The parts of fast-formula-parser (MIT, no types of its own) the spreadsheet editor uses.
declare module 'fast-formula-parser' {
  export interface CellRef {
    sheet?: string;
    row: number;
    col: number;
  }
  export interface RangeRef {
    sheet?: string;
    from: { row: number; col: number };
    to: { row: number; col: number };
  }
  export interface ParserConfig {
    onCell?: (ref: Required<Pick<CellRef, 'row' | 'col'>> & { sheet: string }) => unknown;
    onRange?: (ref: RangeRef & { sheet: string }) => unknown[][];
    onVariable?: (name: string, sheet: string) => CellRef | RangeRef | null;
  }
  export class FormulaErrorClass {
    constructor(error: string, message?: string);
    readonly error: string;
  }
  export class DepParserClass {
    constructor(config?: Pick<ParserConfig, 'onVariable'>);
    parse(formula: string, position: { sheet: string; row: number; col: number }, ignoreError?: boolean): Array<CellRef | RangeRef>;
  }
  interface SSFApi {
    format(fmt: string | number, value: unknown, options?: { date1904?: boolean }): string;
  }
  export default class FormulaParser {
    constructor(config?: ParserConfig);
    parse(formula: string, position: { sheet: string; row: number; col: number }, allowReturnArray?: boolean): unknown;
    static readonly FormulaError: typeof FormulaErrorClass;
    static readonly DepParser: typeof DepParserClass;
    static readonly SSF: SSFApi;
    static readonly MAX_ROW: number;
    static readonly MAX_COLUMN: number;
  }
}

// SheetJS SSF as the package ships it (CommonJS), imported alone by the number formats.
declare module 'fast-formula-parser/ssf/ssf.js' {
  const SSF: { format(fmt: string | number, value: unknown, options?: { date1904?: boolean }): string };
  export default SSF;
}
