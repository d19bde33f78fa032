import type { Executor } from '../../infra/db/executor.js';
import type { AuthContext } from '../auth-context.js';
import { Forbidden, NotFound } from '../errors.js';
import type { OperatorContext } from '../operator-context.js';
import { roleAllows } from './operator-roles.js';
import { now } from '../time.js';
import * as repo from './access.repository.js';
import { linkGrantedIds, type LinkGrant } from './link-access.js';
import { kindOf, type OperatorPermission, type SubscriberPermission as Permission, type ResourceKind } from './permissions.js';

type Caller = Pick<AuthContext, 'accountId'>;

export interface AccessOptions {
  /** The ids name resources the caller may be creating: an unknown id is granted, one someone else holds is not. */
  claim?: boolean;
  /** Answer "Folder not found." rather than the kind's own message (a folder is a file). */
  folder?: boolean;
  /** Answer with this kind's message: an album uuid that names a person is still "Album not found." to its caller. */
  as?: ResourceKind;
}

/** The private-share roles that carry each file permission; sharing on is the owner's alone. */
const SHARE_ROLES: Partial<Record<Permission, ReadonlyArray<'VIEWER' | 'EDITOR'>>> = {
  'file.read': ['VIEWER', 'EDITOR'],
  'file.write': ['EDITOR'],
};

const MESSAGES: Record<ResourceKind, string> = {
  file: 'File not found.',
  album: 'Album not found.',
  upload: 'Upload not found.',
  notification: 'Notification not found.',
  project: 'Project not found.',
  link: 'Link not found.',
  session: 'Session not found.',
  payment: 'Payment not found.',
  card: 'Card not found.',
  order: 'Order not found.',
  person: 'Person not found.',
  place: 'Place not found.',
  thing: 'Thing not found.',
  foryou: 'Item not found.',
  contact_version: 'Backup version not found.',
  contact: 'Contact not found.',
  family_person: 'Person not found.',
  family_album: 'Album not found.',
};

/**
 * Who may do what to which resource: the one place every request's ids are checked.
 * A resource answers to its owner; private-share invitees and family members (the family library) are further
 * grants in `grantedIds`; routes and services keep asking the same question.
 */
export class AccessPolicy {
  constructor(private readonly db: Executor) {}

  /** The subset of `ids` the caller may use with this permission; never throws for a denied id. */
  async checkAccess(auth: Caller, permission: Permission, ids: Iterable<string>, opts: AccessOptions = {}): Promise<Set<string>> {
    const unique = [...new Set(ids)];
    // `self` names the caller's own account, which the session already proved; it takes no resource ids.
    if (permission === 'self') return new Set();
    return this.grantedIds(auth, permission, unique, opts);
  }

  /** Throws NotFound unless every id is granted: a denied id answers exactly like an unknown one. */
  async requireAccess(auth: Caller, permission: Permission, ids: Iterable<string>, opts: AccessOptions = {}): Promise<void> {
    const unique = [...new Set(ids)];
    if (permission === 'self') {
      if (unique.length > 0) throw new Error('the self permission takes no resource ids');
      return;
    }
    const granted = await this.grantedIds(auth, permission, unique, opts);
    if (unique.some((id) => !granted.has(id))) {
      throw NotFound(opts.folder ? 'Folder not found.' : MESSAGES[opts.as ?? kindOf(permission)]);
    }
  }

  /** Extension point: further grants (public link, invitee, family member, operator) join the owner's here. */
  private async grantedIds(auth: Caller, permission: Exclude<Permission, 'self'>, ids: string[], opts: AccessOptions): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const kind = kindOf(permission);
    if (opts.claim) {
      const others = new Set((await repo.holders(this.db, kind, ids)).filter((h) => h.account_id !== auth.accountId).map((h) => h.id));
      // An editor resuming an upload into a shared folder: the upload is the folder owner's.
      if (kind === 'upload' && others.size > 0) {
        for (const id of await repo.sharedUploadIds(this.db, auth.accountId, [...others], now())) others.delete(id);
      }
      return new Set(ids.filter((id) => !others.has(id)));
    }
    // The owner holds every permission on what is theirs.
    const granted = new Set(await repo.ownedIds(this.db, kind, auth.accountId, ids));
    const rest = ids.filter((id) => !granted.has(id));
    if (rest.length === 0) return granted;
    // An invitee of a private share: per role, on the shared item and everything under a shared folder.
    const at = now();
    const shared =
      kind === 'file'
        ? await repo.sharedFileIds(this.db, auth.accountId, rest, SHARE_ROLES[permission] ?? [], at)
        : kind === 'project' && permission === 'project.read'
          ? await repo.sharedProjectIds(this.db, auth.accountId, rest, at)
          : [];
    for (const id of shared) granted.add(id);
    // A family member (issue 35): reads what is in the family library, and finds it in its adder's project.
    const left = rest.filter((id) => !granted.has(id));
    const family =
      left.length === 0
        ? []
        : kind === 'file' && permission === 'file.read'
          ? await repo.familyFileIds(this.db, auth.accountId, left)
          : kind === 'project' && permission === 'project.read'
            ? await repo.familyProjectIds(this.db, auth.accountId, left)
            : [];
    for (const id of family) granted.add(id);
    return granted;
  }

  /**
   * An operator permission (issue 27): the console's principal holds it through its role, across every account.
   * No operator (a subscriber, or nobody) → 404, so the console does not show itself; a role without it → 403.
   */
  requireOperator(operator: OperatorContext | null | undefined, permission: OperatorPermission): void {
    if (!operator) throw NotFound();
    if (!roleAllows(operator.role, permission)) throw Forbidden('Your role does not allow this.');
  }

  /** The holder of a public link: NotFound unless the link grants every id (see link-access.ts). */
  async requireLinkAccess(link: LinkGrant, ids: Iterable<string>): Promise<void> {
    const unique = [...new Set(ids)];
    const granted = await linkGrantedIds(this.db, link, unique);
    if (unique.some((id) => !granted.has(id))) throw NotFound(MESSAGES.file);
  }
}
