import type { Kysely } from 'kysely';
import type { DB } from '../../infra/db/schema.js';
import type { MessageJobs } from '../../infra/jobs/message-jobs.js';
import type { AuthContext } from '../../shared/auth-context.js';
import { NotFound, ValidationError } from '../../shared/errors.js';
import { newId } from '../../shared/tokens.js';
import { LANGUAGES, type Language } from '../../shared/schemas.js';
import { days, now } from '../../shared/time.js';
import * as accounts from '../account/account.identity.public.js';
import * as files from '../files/files.public.js';
import type { DerivativeLinks, FileRow } from '../files/files.public.js';
import type { NotificationService } from '../notification/notification.public.js';
import { invitation } from './private-shares.messages.js';
import * as repo from './private-shares.repository.js';
import {
  DEFAULT_SHARE_PAGE_SIZE,
  type AclDto,
  type CreateSharesBodyValue,
  type ListSharesQueryValue,
  type ShareDurationValue,
  type SharedFileItemDto,
  type ShareSummaryDto,
  type SubjectTypeValue,
} from './private-shares.schemas.js';
import type { ShareRow } from './private-shares.table.js';

export interface PrivateSharesServiceDeps {
  db: Kysely<DB>;
  messages: MessageJobs;
  notifications: NotificationService;
  links?: DerivativeLinks;
  /** The external origin (PUBLIC_URL) the invitation's link names; null takes the request's. */
  publicUrl?: string | null;
}

/** Where an invitee sees what was shared with them (the web's Shares screen, "Shared with me" tab). */
export const SHARED_WITH_ME_PATH = '/main/shares?tab=withMe';

/**
 * The invitation's link: the shared-with-me page for an account holder; for someone without an account, sign-up,
 * with the code sent to the invited contact (so the share is claimed) and the shared-with-me page as where it ends.
 */
export function invitationUrl(origin: string, newcomerChannel: 'EMAIL' | 'PHONE' | null): string {
  if (newcomerChannel === null) return `${origin}${SHARED_WITH_ME_PATH}`;
  const query = new URLSearchParams({ channel: newcomerChannel, next: SHARED_WITH_ME_PATH });
  return `${origin}/auth/signup?${query.toString()}`;
}

const DURATION_MS: Record<ShareDurationValue, number | null> = { UNLIMITED: null, P1D: days(1), P7D: days(7), P30D: days(30) };
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const E164 = /^\+[1-9]\d{6,14}$/;
const DEFAULT_INVITEE_COUNT = 5;
/** Removed and expired shares still explain themselves to the viewer ("no longer shared") for this long. */
export const SHARE_TOMBSTONE_MS = days(30);

const iso = (ms: number | null | string) => (ms === null ? null : new Date(Number(ms)).toISOString());
const fullName = (a: { name: string | null; surname: string | null }) =>
  [a.name, a.surname].filter((s) => s !== null && s !== '').join(' ') || null;
const languageOf = (value: string): Language => ((LANGUAGES as readonly string[]).includes(value) ? (value as Language) : 'tr');

/** An invitee as typed: a lower-cased e-mail address or an E.164 number; anything else is refused. */
function normalise(invitee: string): { identifier: string; channel: 'EMAIL' | 'PHONE' } {
  const value = invitee.trim();
  if (E164.test(value)) return { identifier: value, channel: 'PHONE' };
  if (EMAIL.test(value)) return { identifier: value.toLowerCase(), channel: 'EMAIL' };
  throw ValidationError('Each invitee must be an e-mail address or a phone number in international format (+905321234567).', 'invitees');
}

/** Private shares: items the owner shares with invitees, by role, for a duration; the access policy reads the rows. */
export class PrivateSharesService {
  constructor(private readonly d: PrivateSharesServiceDeps) {}

  /** `origin` is the request's, for the invitation's link when no PUBLIC_URL is configured. */
  async create(auth: AuthContext, body: CreateSharesBodyValue, origin: string): Promise<{ shares: ShareSummaryDto[] }> {
    const invitees = [...new Map(body.invitees.map((i) => normalise(i)).map((i) => [i.identifier, i])).values()];
    const itemIds = [...new Set(body.items)];
    const owner = (await accounts.getById(this.d.db, auth.accountId))!;
    if (invitees.some((i) => i.identifier === owner.email.toLowerCase() || i.identifier === owner.phone_e164)) {
      throw ValidationError('You cannot share with yourself.', 'invitees');
    }
    const rows = await files.getMany(this.d.db, auth.accountId, itemIds);
    const items = itemIds.map((id) => rows.find((r) => r.id === id && r.status === 'ACTIVE'));
    if (items.some((r) => r === undefined)) throw NotFound('File not found.');
    const at = now();
    const duration = DURATION_MS[body.duration];
    const expiresAt = duration === null ? null : at + duration;
    const ownerName = fullName(owner) ?? owner.email;

    await this.d.db.transaction().execute(async (trx) => {
      const before = await repo.getByItemsAndIdentifiers(trx, itemIds, invitees.map((i) => i.identifier));
      for (const invitee of invitees) {
        const account =
          invitee.channel === 'EMAIL' ? await accounts.getByEmail(trx, invitee.identifier) : await accounts.getByPhoneE164(trx, invitee.identifier);
        const fresh: FileRow[] = [];
        for (const item of items as FileRow[]) {
          const prior = before.find((s) => s.file_id === item.id && s.identifier === invitee.identifier);
          // Only a new grant is announced; renewing a live one (role, duration) is not news.
          if (!prior || prior.removed_at !== null || (prior.expires_at !== null && Number(prior.expires_at) <= at)) fresh.push(item);
          await repo.upsert(trx, {
            id: newId(),
            account_id: auth.accountId,
            file_id: item.id,
            identifier: invitee.identifier,
            invitee_id: account?.id ?? null,
            role: body.type,
            created_at: at,
            updated_at: at,
            expires_at: expiresAt,
            removed_at: null,
          });
        }
        if (fresh.length === 0) continue;
        const lang = languageOf(account?.language ?? owner.language);
        const msg = invitation(lang, ownerName, fresh[0]!.name, fresh.length - 1, body.invitationMessage, {
          url: invitationUrl(this.d.publicUrl ?? origin, account ? null : invitee.channel),
          newcomer: !account,
        });
        if (account) await this.d.notifications.create(trx, account.id, { type: 'SHARE', language: lang, title: msg.title, body: msg.body });
        // Mail and SMS are jobs of this transaction: sent only if the shares commit, retried if the gateway fails.
        if (invitee.channel === 'EMAIL') await this.d.messages.email(trx, { to: invitee.identifier, subject: msg.title, text: msg.text });
        else await this.d.messages.sms(trx, { to: invitee.identifier, text: msg.text });
      }
    });

    const saved = await repo.getByItemsAndIdentifiers(this.d.db, itemIds, invitees.map((i) => i.identifier));
    const names = new Map((items as FileRow[]).map((r) => [r.id, r]));
    const people = await this.namesOf(saved.map((s) => s.invitee_id));
    return {
      shares: saved.map((s) => ({
        uuid: s.id,
        itemUuid: s.file_id,
        itemName: names.get(s.file_id)!.name,
        folder: names.get(s.file_id)!.is_folder === 1,
        ...subjectOf(s),
        identifier: s.identifier,
        name: s.invitee_id ? (people.get(s.invitee_id) ?? null) : null,
        role: s.role,
        sharedDate: iso(s.created_at)!,
        expirationDate: iso(s.expires_at),
      })),
    };
  }

  async list(auth: AuthContext, q: ListSharesQueryValue): Promise<{ items: SharedFileItemDto[]; totalCount: number }> {
    if ((q.sharedBy === undefined) === (q.sharedWith === undefined)) {
      throw ValidationError('Give exactly one of sharedBy=me and sharedWith=me.', q.sharedBy ? 'sharedWith' : 'sharedBy');
    }
    const size = q.size ?? DEFAULT_SHARE_PAGE_SIZE;
    const at = now();
    const mine = q.sharedBy === 'me';
    const { rows, totalCount } = await repo.listShared(this.d.db, {
      sharedBy: mine ? auth.accountId : undefined,
      sharedWith: mine ? undefined : auth.accountId,
      documentType: q.documentType,
      sortBy: q.sortBy ?? 'sharedDate',
      sortOrder: q.sortOrder ?? (q.sortBy === 'name' || q.sortBy === undefined ? 'ASC' : 'DESC'),
      limit: size,
      offset: (q.page ?? 0) * size,
      at,
    });
    const counts = await repo.inviteeCounts(this.d.db, rows.map((r) => r.id), at);
    const owners = new Map<string, { name: string; projectId: string }>();
    for (const id of new Set(rows.map((r) => r.account_id))) {
      const a = await accounts.getById(this.d.db, id);
      if (a) owners.set(id, { name: fullName(a) ?? a.email, projectId: a.project_id });
    }
    return {
      totalCount,
      items: rows.map((r) => {
        const owner = owners.get(r.account_id)!;
        const { shared_at, latest_expiry, best_role, unlimited, ...file } = r;
        return {
          ...files.toFileItem(file as FileRow, owner.projectId, this.d.links),
          share: {
            role: mine ? 'OWNER' : best_role === 'EDITOR' ? 'EDITOR' : 'VIEWER',
            ownerName: owner.name,
            sharedDate: iso(shared_at)!,
            // The share ends when its last limited grant does; one unlimited grant keeps it open.
            expirationDate: Number(unlimited) > 0 ? null : iso(latest_expiry),
            inviteeCount: counts.get(r.id) ?? 0,
          },
        };
      }),
    };
  }

  async recentInvitees(auth: AuthContext, size = DEFAULT_INVITEE_COUNT) {
    const rows = await repo.recentInvitees(this.d.db, auth.accountId, size);
    return {
      items: rows.map((r) => ({ identifier: r.identifier, name: fullName(r), lastSharedDate: iso(r.last_at as number)! })),
    };
  }

  /** People worth suggesting: those who shared with me, then those I shared with recently. */
  async suggestedInvitees(auth: AuthContext, size = DEFAULT_INVITEE_COUNT) {
    const [sharers, recent] = await Promise.all([repo.sharersOf(this.d.db, auth.accountId, size), repo.recentInvitees(this.d.db, auth.accountId, size)]);
    const seen = new Set<string>();
    const items = [];
    for (const r of [...sharers, ...recent]) {
      const identifier = r.identifier.toLowerCase();
      if (seen.has(identifier) || items.length >= size) continue;
      seen.add(identifier);
      items.push({ identifier: r.identifier, name: fullName(r), lastSharedDate: iso(r.last_at as number)! });
    }
    return { items };
  }

  /** Who has access to the item: its owner first, then its live invitees (the policy let the caller read the item). */
  async listAcls(
    auth: AuthContext,
    p: { projectId: string; uuid: string },
    q: { subjectType?: SubjectTypeValue; subjectId?: string },
  ): Promise<{ items: AclDto[] }> {
    const { owner } = await this.itemOf(auth, p);
    const at = now();
    const ownerAcl: AclDto = {
      subjectType: 'USER',
      subjectId: owner.id,
      name: fullName(owner),
      identifier: owner.email,
      role: 'OWNER',
      expirationDate: null,
    };
    const shares = await repo.listForItem(this.d.db, p.uuid, at);
    const items: AclDto[] = [
      ownerAcl,
      ...shares.map((s) => ({
        ...subjectOf(s),
        name: fullName(s),
        identifier: s.identifier,
        role: s.role,
        expirationDate: iso(s.expires_at),
      })),
    ];
    return {
      items: items.filter((a) => (!q.subjectType || a.subjectType === q.subjectType) && (!q.subjectId || a.subjectId === q.subjectId)),
    };
  }

  /** The owner removes anyone; an invitee removes only themself (leaves). Anything else is not found. */
  async deleteAcl(
    auth: AuthContext,
    p: { projectId: string; uuid: string },
    q: { subjectType: SubjectTypeValue; subjectId: string },
  ): Promise<void> {
    const { owner } = await this.itemOf(auth, p);
    const isOwner = owner.id === auth.accountId;
    const leaving = q.subjectType === 'USER' && q.subjectId === auth.accountId;
    if (!isOwner && !leaving) throw NotFound('Share not found.');
    const subject = q.subjectType === 'USER' ? { inviteeId: q.subjectId } : { shareId: q.subjectId };
    if ((await repo.remove(this.d.db, p.uuid, subject, now())) === 0) throw NotFound('Share not found.');
  }

  purgeOld(): Promise<number> {
    return repo.purge(this.d.db, now() - SHARE_TOMBSTONE_MS);
  }

  /** The item and its owner, whose project the path must name (an invitee names the owner's project). */
  private async itemOf(auth: AuthContext, p: { projectId: string; uuid: string }) {
    const holder = await files.getOwner(this.d.db, p.uuid);
    const owner = holder ? await accounts.getById(this.d.db, holder.account_id) : undefined;
    if (!owner || owner.project_id !== p.projectId) throw NotFound('File not found.');
    return { owner };
  }

  private async namesOf(ids: ReadonlyArray<string | null>): Promise<Map<string, string | null>> {
    const out = new Map<string, string | null>();
    for (const id of new Set(ids)) {
      if (id === null) continue;
      const a = await accounts.getById(this.d.db, id);
      out.set(id, a ? fullName(a) : null);
    }
    return out;
  }
}

/** USER with the account's id once the invitee has one; INVITATION with the share's id until then. */
const subjectOf = (s: Pick<ShareRow, 'id' | 'invitee_id'>) =>
  s.invitee_id === null ? { subjectType: 'INVITATION' as const, subjectId: s.id } : { subjectType: 'USER' as const, subjectId: s.invitee_id };

/** Pending invitations to this new account's contacts become its shares (called by sign-up in its transaction). */
export const claimInvitations = (
  db: Parameters<typeof repo.claim>[0],
  accountId: string,
  contacts: { email: string | null; phoneE164: string | null },
) => repo.claim(db, accountId, [contacts.email?.toLowerCase(), contacts.phoneE164].filter((c): c is string => !!c), now());
