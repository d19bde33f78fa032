import type { PlanChange } from '../packages/packages.public.js';
import type { Kysely } from 'kysely';
import type { DB } from '../../infra/db/schema.js';
import type { Executor } from '../../infra/db/executor.js';
import type { MessageJobs } from '../../infra/jobs/message-jobs.js';
import type { PurgedAccount } from '../../infra/module-manifest.js';
import type { AuthContext } from '../../shared/auth-context.js';
import { normaliseEmail, normalisePhoneParts } from '../../shared/contact.js';
import { BadRequest, Conflict, Forbidden, NotFound, ValidationError } from '../../shared/errors.js';
import { maskEmail, maskPhone } from '../../shared/mask.js';
import { LANGUAGES, type Language } from '../../shared/schemas.js';
import { days } from '../../shared/time.js';
import { hashToken, newId, newToken } from '../../shared/tokens.js';
import * as accounts from '../account/account.identity.public.js';
import * as accountFamily from '../account/account.family.public.js';
import type { Account } from '../account/account.identity.public.js';
import type { NotificationService } from '../notification/notification.public.js';
import { returnFamilyItems } from './family.library.service.js';
import { invitationMessage } from './family.messages.js';
import * as repo from './family.repository.js';
import { iso, usagePercent, type InviteBodyValue } from './family.schemas.js';
import type { Family, FamilyInvitation } from './family.table.js';

export const INVITATION_TTL_MS = days(7);

export type { PlanChange };

export interface FamilyServiceDeps {
  db: Kysely<DB>;
  messages: MessageJobs;
  notifications: NotificationService;
  publicUrl: string | null;
  /** The quota an account has on its own, without a plan (members cannot hold a paid plan of their own). */
  freeQuotaBytes: number;
  /** Remote config `max_family_member_count`; null when the operator set none. */
  maxMembersSetting: () => Promise<number | null>;
  /** Whether the account pays for a package of its own (such an account cannot join a family). */
  hasOwnPackage: (db: Executor, accountId: string) => Promise<boolean>;
  clock?: () => number;
}

const languageOf = (value: string): Language => ((LANGUAGES as readonly string[]).includes(value) ? (value as Language) : 'tr');
const fullName = (a: { name: string; surname: string }) => [a.name, a.surname].filter(Boolean).join(' ');

const invitationView = (i: FamilyInvitation, at: number) => ({
  id: i.id,
  contactMask: i.contact_kind === 'EMAIL' ? maskEmail(i.contact) : maskPhone(i.country_code ?? '', i.contact.slice(1 + (i.country_code ?? '').length)),
  // An invitation past its week reads as EXPIRED without a job having to mark it.
  status: i.status === 'PENDING' && Number(i.expires_at) <= at ? ('EXPIRED' as const) : i.status,
  createdAt: iso(i.created_at),
  expiresAt: iso(i.expires_at),
});

/** Family sharing: the admin's family package pooled with invited members (issue 13). */
export class FamilyService {
  private readonly now: () => number;
  constructor(private readonly d: FamilyServiceDeps) {
    this.now = d.clock ?? Date.now;
  }

  async get(auth: AuthContext) {
    const account = await this.account(auth.accountId);
    const member = await repo.getMember(this.d.db, auth.accountId);
    const family = member ? await repo.getById(this.d.db, member.family_id) : undefined;
    if (!member || !family) {
      return {
        role: null,
        status: null,
        maxMembers: 0,
        pool: { quotaBytes: 0, usedBytes: 0, usagePercent: 0 },
        me: { usedBytes: account.used_bytes, limitBytes: null, usagePercent: usagePercent(account.used_bytes, account.quota_bytes) },
        members: [],
        invitations: [],
      };
    }
    const at = this.now();
    const isAdmin = member.role === 'ADMIN';
    const rows = await repo.listMembers(this.d.db, family.id);
    const quota = Number(family.quota_bytes);
    const poolUsed = rows.reduce((sum, r) => sum + Number(r.used_bytes), 0);
    const share = (used: number, limit: number | null) => usagePercent(used, limit ?? quota);
    // The admin sees everyone's use; a member sees the admin and themself.
    const visible = isAdmin ? rows : rows.filter((r) => r.role === 'ADMIN' || r.account_id === auth.accountId);
    return {
      role: member.role,
      status: family.status,
      maxMembers: await this.maxMembers(family),
      pool: { quotaBytes: quota, usedBytes: poolUsed, usagePercent: usagePercent(poolUsed, quota) },
      me: { usedBytes: account.used_bytes, limitBytes: member.limit_bytes, usagePercent: share(account.used_bytes, member.limit_bytes) },
      members: visible.map((r) => ({
        accountId: r.account_id,
        name: r.name,
        surname: r.surname,
        contactMask: r.email ? maskEmail(r.email) : maskPhone(r.country_code, r.phone_number),
        role: r.role,
        usedBytes: Number(r.used_bytes),
        limitBytes: r.limit_bytes === null ? null : Number(r.limit_bytes),
        usagePercent: share(Number(r.used_bytes), r.limit_bytes === null ? null : Number(r.limit_bytes)),
        joinedAt: iso(r.joined_at),
      })),
      invitations: isAdmin ? (await repo.listInvitations(this.d.db, family.id)).map((i) => invitationView(i, at)) : [],
    };
  }

  async invite(auth: AuthContext, body: InviteBodyValue) {
    const family = await this.adminFamily(auth);
    const admin = await this.account(auth.accountId);
    const hasEmail = body.email !== undefined;
    const hasPhone = body.countryCode !== undefined || body.phoneNumber !== undefined;
    if (hasEmail === hasPhone) throw ValidationError('Give either an e-mail address or a phone number.', hasEmail ? 'phoneNumber' : 'email');
    let contact: { kind: 'EMAIL' | 'PHONE'; value: string; countryCode: string | null; field: string };
    if (hasEmail) contact = { kind: 'EMAIL', value: normaliseEmail(body.email!), countryCode: null, field: 'email' };
    else {
      if (body.countryCode === undefined) throw ValidationError('countryCode is required with phoneNumber.', 'countryCode');
      if (body.phoneNumber === undefined) throw ValidationError('phoneNumber is required with countryCode.', 'phoneNumber');
      const p = normalisePhoneParts({ countryCode: body.countryCode, phoneNumber: body.phoneNumber });
      contact = { kind: 'PHONE', value: p.phoneE164, countryCode: p.countryCode, field: 'phoneNumber' };
    }
    if (contact.value === admin.email.toLowerCase() || contact.value === admin.phone_e164) {
      throw BadRequest('CANNOT_INVITE_SELF', 'You are already in your family.', contact.field);
    }
    const at = this.now();
    const token = newToken();
    const id = newId();
    const limit = await this.maxMembers(family);
    await this.d.db.transaction().execute(async (trx) => {
      // The pool row serialises invitations and joins of one family, so the seat count below stays true.
      if (!(await accountFamily.lockPool(trx, family.id))) throw NotFound('Family not found.');
      const members = await repo.listMembers(trx, family.id);
      if (members.some((m) => m.email.toLowerCase() === contact.value || `+${m.country_code}${m.phone_number}` === contact.value)) {
        throw Conflict('ALREADY_MEMBER', 'This person is already in your family.', contact.field);
      }
      const pending = await repo.pendingFor(trx, family.id, at);
      if (pending.some((p) => p.contact === contact.value)) throw Conflict('ALREADY_INVITED', 'This person already has a pending invitation.', contact.field);
      const seats = members.filter((m) => m.role !== 'ADMIN').length + pending.length;
      if (seats >= limit) throw Conflict('FAMILY_FULL', `A family has at most ${limit} members, pending invitations included.`);
      await repo.createInvitation(trx, {
        id,
        family_id: family.id,
        contact_kind: contact.kind,
        contact: contact.value,
        country_code: contact.countryCode,
        token_hash: hashToken(token),
        status: 'PENDING',
        created_at: at,
        expires_at: at + INVITATION_TTL_MS,
        answered_at: null,
        invitee_account_id: null,
      });
      const invitee = contact.kind === 'EMAIL' ? await accounts.getByEmail(trx, contact.value) : await accounts.getByPhoneE164(trx, contact.value);
      const lang = languageOf(invitee?.language ?? admin.language);
      const url = `${this.d.publicUrl ?? ''}/main/packages/familyInvitation?token=${encodeURIComponent(token)}`;
      const msg = invitationMessage(lang, fullName(admin) || admin.email, url);
      if (invitee) await this.d.notifications.create(trx, invitee.id, { type: 'FAMILY_INVITATION', language: lang, title: msg.title, body: msg.body });
      // Sent only if the invitation commits, retried if the gateway fails.
      if (contact.kind === 'EMAIL') await this.d.messages.email(trx, { to: contact.value, subject: msg.title, text: msg.text });
      else await this.d.messages.sms(trx, { to: contact.value, text: msg.text });
    });
    return invitationView((await repo.getInvitation(this.d.db, id))!, at);
  }

  async cancelInvitation(auth: AuthContext, id: string): Promise<void> {
    const family = await this.adminFamily(auth);
    const inv = await repo.getInvitation(this.d.db, id);
    if (!inv || inv.family_id !== family.id) throw NotFound('Invitation not found.');
    if (!(await repo.answerInvitation(this.d.db, id, 'CANCELLED', this.now(), null))) {
      throw Conflict('INVITATION_NOT_PENDING', 'This invitation was already answered or cancelled.');
    }
  }

  /** Pending invitations to the caller's proven e-mail address or phone number. */
  async received(auth: AuthContext) {
    const account = await this.account(auth.accountId);
    const rows = await repo.pendingToContacts(this.d.db, verifiedContacts(account), this.now());
    return rows.map((r) => ({ id: r.id, familyAdminName: fullName(r), expiresAt: iso(r.expires_at) }));
  }

  async accept(auth: AuthContext, id: string): Promise<void> {
    const inv = await this.addressedToCaller(auth, id);
    await this.join(auth.accountId, inv);
  }

  async decline(auth: AuthContext, id: string): Promise<void> {
    const inv = await this.addressedToCaller(auth, id);
    this.assertOpen(inv);
    if (!(await repo.answerInvitation(this.d.db, inv.id, 'DECLINED', this.now(), auth.accountId))) {
      throw Conflict('INVITATION_NOT_PENDING', 'This invitation was already answered or cancelled.');
    }
  }

  /** The link in the message: whoever holds the token is the invitee, signed in with any of their contacts. */
  async acceptToken(auth: AuthContext, token: string): Promise<void> {
    const inv = await repo.getInvitationByTokenHash(this.d.db, hashToken(token));
    if (!inv) throw NotFound('Invitation not found.');
    await this.join(auth.accountId, inv);
  }

  async setLimit(auth: AuthContext, memberId: string, limitBytes: number | null): Promise<void> {
    const family = await this.adminFamily(auth);
    await this.d.db.transaction().execute(async (trx) => {
      const pool = await accountFamily.lockPool(trx, family.id);
      const member = await repo.getMember(trx, memberId);
      if (!pool || !member || member.family_id !== family.id) throw NotFound('Family member not found.');
      if (member.role === 'ADMIN') throw Conflict('CANNOT_LIMIT_ADMIN', 'The admin always has the whole pool.');
      const quota = Number(pool.quota_bytes);
      if (limitBytes !== null) {
        if (limitBytes > quota) throw ValidationError('The limit cannot be above the family storage.', 'limitBytes');
        const account = await this.account(memberId, trx);
        if (limitBytes < account.used_bytes + account.reserved_bytes) {
          throw Conflict('LIMIT_BELOW_USAGE', 'This member already uses more than that.', 'limitBytes');
        }
      }
      await repo.setLimit(trx, memberId, limitBytes);
      await accountFamily.setFamilyMembership(trx, memberId, { member: true, admin: false, quotaBytes: limitBytes ?? quota }, this.now());
    });
  }

  async remove(auth: AuthContext, memberId: string): Promise<void> {
    const family = await this.adminFamily(auth);
    await this.d.db.transaction().execute(async (trx) => {
      await accountFamily.lockPool(trx, family.id);
      const member = await repo.getMember(trx, memberId);
      if (!member || member.family_id !== family.id) throw NotFound('Family member not found.');
      if (member.role === 'ADMIN') throw Conflict('CANNOT_REMOVE_ADMIN', 'The admin cannot be removed; change the package instead.');
      await this.detach(trx, memberId);
    });
  }

  async leave(auth: AuthContext): Promise<void> {
    const member = await repo.getMember(this.d.db, auth.accountId);
    if (!member) throw NotFound('You are not in a family.');
    if (member.role === 'ADMIN') throw Conflict('ADMIN_CANNOT_LEAVE', 'The admin cannot leave; change the package instead.');
    await this.d.db.transaction().execute(async (trx) => {
      await accountFamily.lockPool(trx, member.family_id);
      const still = await repo.getMember(trx, auth.accountId);
      if (still?.family_id === member.family_id) await this.detach(trx, auth.accountId);
    });
  }

  /**
   * The packages module's plan listener, inside the transaction that changes the plan: a family package creates (or
   * resizes) the admin's family; any other plan dissolves it, and every member drops back to their own quota.
   */
  async onPlanChanged(trx: Executor, accountId: string, plan: PlanChange): Promise<void> {
    const at = this.now();
    const family = await repo.getByAdmin(trx, accountId);
    if (plan.family) {
      if (!family) {
        if (await repo.getMember(trx, accountId)) {
          // A member who buys a family package of their own leaves the family they were in first.
          await this.leaveFor(trx, accountId);
        }
        const id = newId();
        await repo.createFamily(trx, { id, admin_account_id: accountId, package_id: plan.packageId, max_members: plan.familyMemberCount, quota_bytes: plan.quotaBytes, at });
        await repo.addMember(trx, { family_id: id, account_id: accountId, role: 'ADMIN', at });
        await accountFamily.setFamilyMembership(trx, accountId, { member: true, admin: true, quotaBytes: plan.quotaBytes }, at);
        return;
      }
      await accountFamily.lockPool(trx, family.id);
      await repo.updateFamily(trx, family.id, { package_id: plan.packageId, max_members: plan.familyMemberCount, quota_bytes: plan.quotaBytes, at });
      for (const m of await repo.listMembers(trx, family.id)) {
        const limit = m.limit_bytes === null ? plan.quotaBytes : Math.min(Number(m.limit_bytes), plan.quotaBytes);
        if (m.limit_bytes !== null && limit !== Number(m.limit_bytes)) await repo.setLimit(trx, m.account_id, limit);
        await accountFamily.setFamilyMembership(trx, m.account_id, { member: true, admin: m.role === 'ADMIN', quotaBytes: limit }, at);
      }
      return;
    }
    if (family) {
      await this.dissolve(trx, family, plan.quotaBytes);
      return;
    }
    // A member who buys a package of their own leaves the family and keeps that package's quota.
    const member = await repo.getMember(trx, accountId);
    if (member && plan.packageId !== null) {
      await accountFamily.lockPool(trx, member.family_id);
      await repo.removeMember(trx, accountId);
      await returnFamilyItems(trx, accountId, plan.quotaBytes, at);
      await accountFamily.setFamilyMembership(trx, accountId, { member: false, admin: false, quotaBytes: plan.quotaBytes }, at);
    }
  }

  /** Account deletion: an admin's family ends; a member leaves; invitations to the account's contacts go. */
  async purgeAccount(account: PurgedAccount): Promise<void> {
    await this.d.db.transaction().execute(async (trx) => {
      const family = await repo.getByAdmin(trx, account.id);
      if (family) {
        // Lock order: the admin's account row before the family row.
        await accountFamily.lockAccount(trx, account.id);
        await this.dissolve(trx, family, this.d.freeQuotaBytes);
      }
      else if (await repo.getMember(trx, account.id)) await this.leaveFor(trx, account.id);
      await repo.purgeInvitationsTo(trx, [account.email.toLowerCase(), account.phoneE164]);
    });
  }

  // --- helpers

  private async leaveFor(trx: Executor, accountId: string) {
    const member = await repo.getMember(trx, accountId);
    if (!member) return;
    await accountFamily.lockPool(trx, member.family_id);
    await this.detach(trx, accountId);
  }

  private async dissolve(trx: Executor, family: Family, adminQuota: number) {
    const at = this.now();
    await accountFamily.lockPool(trx, family.id);
    await repo.cancelPending(trx, family.id, at);
    for (const m of await repo.listMembers(trx, family.id)) {
      if (m.role === 'ADMIN') {
        await repo.removeMember(trx, m.account_id);
        await returnFamilyItems(trx, m.account_id, adminQuota, at);
        await accountFamily.setFamilyMembership(trx, m.account_id, { member: false, admin: false, quotaBytes: adminQuota }, at);
      } else await this.detach(trx, m.account_id);
    }
    await repo.deleteFamily(trx, family.id);
  }

  /** Out of the family (the caller holds the pool lock): back to the account's own quota, READ_ONLY if above it. */
  private async detach(trx: Executor, accountId: string) {
    await repo.removeMember(trx, accountId);
    // Issue 35: what the account added to the family library comes back to it, or is held (see returnFamilyItems).
    await returnFamilyItems(trx, accountId, this.d.freeQuotaBytes, this.now());
    await accountFamily.setFamilyMembership(trx, accountId, { member: false, admin: false, quotaBytes: this.d.freeQuotaBytes }, this.now());
  }

  private async join(accountId: string, inv: FamilyInvitation): Promise<void> {
    this.assertOpen(inv);
    if (await repo.getMember(this.d.db, accountId)) throw Conflict('ALREADY_IN_FAMILY', 'You are already in a family; leave it first.');
    if (await this.d.hasOwnPackage(this.d.db, accountId)) {
      throw Conflict('HAS_OWN_PACKAGE', 'You have a package of your own; it must end before you can join a family.');
    }
    const at = this.now();
    await this.d.db.transaction().execute(async (trx) => {
      const pool = await accountFamily.lockPool(trx, inv.family_id);
      const family = await repo.getById(trx, inv.family_id);
      if (!pool || !family) throw NotFound('Invitation not found.');
      if (await repo.getMember(trx, accountId)) throw Conflict('ALREADY_IN_FAMILY', 'You are already in a family; leave it first.');
      const members = await repo.listMembers(trx, family.id);
      if (members.filter((m) => m.role !== 'ADMIN').length >= family.max_members) throw Conflict('FAMILY_FULL', 'This family is full.');
      const me = await this.account(accountId, trx);
      const use = await accountFamily.poolUse(trx, family.id);
      if (use.used + use.reserved + me.used_bytes + me.reserved_bytes > Number(pool.quota_bytes)) {
        throw Conflict('FAMILY_STORAGE_FULL', 'Your files do not fit in the family storage.');
      }
      if (!(await repo.answerInvitation(trx, inv.id, 'ACCEPTED', at, accountId))) {
        throw Conflict('INVITATION_NOT_PENDING', 'This invitation was already answered or cancelled.');
      }
      await repo.addMember(trx, { family_id: family.id, account_id: accountId, role: 'MEMBER', at });
      await accountFamily.setFamilyMembership(trx, accountId, { member: true, admin: false, quotaBytes: Number(pool.quota_bytes) }, at);
    });
  }

  private assertOpen(inv: FamilyInvitation) {
    if (inv.status !== 'PENDING') throw Conflict('INVITATION_NOT_PENDING', 'This invitation was already answered or cancelled.');
    if (Number(inv.expires_at) <= this.now()) throw Conflict('INVITATION_EXPIRED', 'This invitation has expired; ask for a new one.');
  }

  private async addressedToCaller(auth: AuthContext, id: string): Promise<FamilyInvitation> {
    const account = await this.account(auth.accountId);
    const inv = await repo.getInvitation(this.d.db, id);
    if (!inv || !verifiedContacts(account).includes(inv.contact)) throw NotFound('Invitation not found.');
    return inv;
  }

  private async adminFamily(auth: AuthContext): Promise<Family> {
    const family = await repo.getByAdmin(this.d.db, auth.accountId);
    if (!family) throw Forbidden('Only the admin of a family package can do this.', 'NOT_FAMILY_ADMIN');
    return family;
  }

  /** The package's member count, lowered by the operator's `max_family_member_count` when that is smaller. */
  private async maxMembers(family: Family): Promise<number> {
    const setting = await this.d.maxMembersSetting();
    return setting === null ? family.max_members : Math.min(family.max_members, setting);
  }

  private async account(id: string, db: Executor = this.d.db): Promise<Account> {
    const a = await accounts.getById(db, id);
    if (!a) throw NotFound('Account not found.');
    return a;
  }
}

function verifiedContacts(a: Account): string[] {
  const out: string[] = [];
  if (a.email_verified_at !== null) out.push(a.email.toLowerCase());
  if (a.phone_verified_at !== null) out.push(a.phone_e164);
  return out;
}
