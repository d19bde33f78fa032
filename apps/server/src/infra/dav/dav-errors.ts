import { DAV_NS, XML_HEAD, XmlWriter } from './dav-xml.js';

/**
 * A protocol refusal answered the way DAV clients read it: a status and, where RFC 4918 names one, a precondition
 * element in a `DAV:error` body (e.g. `propfind-finite-depth`, `lock-token-submitted`).
 */
export class DavError extends Error {
  constructor(
    readonly status: number,
    readonly condition: string | null = null,
    message = condition ?? `DAV ${status}`,
    /** Hrefs a `lock-token-submitted` / `no-conflicting-lock` condition names. */
    readonly hrefs: readonly string[] = [],
  ) {
    super(message);
  }

  body(): string | null {
    if (!this.condition) return null;
    const w = new XmlWriter();
    const inner = this.hrefs.map((h) => w.dav('href', h)).join('');
    return `${XML_HEAD}<D:error xmlns:D="${DAV_NS}">${w.dav(this.condition, inner || null)}</D:error>`;
  }
}

export const BadRequestDav = (why: string) => new DavError(400, null, why);
export const PreconditionFailed = (condition: string | null = null) => new DavError(412, condition);
export const Locked = (hrefs: readonly string[]) => new DavError(423, 'lock-token-submitted', 'The resource is locked.', hrefs);
