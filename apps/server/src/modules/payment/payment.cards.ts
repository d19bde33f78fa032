import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../infra/db/schema.js';
import type { Executor } from '../../infra/db/executor.js';
import { NotFound } from '../../shared/errors.js';
import { newId } from '../../shared/tokens.js';
import { getById as getAccount } from '../account/account.identity.public.js';
import { checkCard, fullYear, type CardInput } from './card-checks.js';
import type { PaymentProvider } from './payment.provider.js';
import * as repo from './payment.repository.js';
import type { SavedCardRow } from './payment.table.js';
import { cardView, type SavedCardView } from './payment.views.js';

export interface SavedCardsDeps {
  db: Kysely<DB>;
  provider: PaymentProvider;
  /** Remote config look-up (masterpass_end_date_duration). */
  remoteConfig: { get(name: string, language: string): Promise<string> };
  logger: FastifyBaseLogger;
  now: () => number;
}

/** The account's saved cards (MasterPass): listed, vaulted, deleted and made default. */
export class SavedCards {
  constructor(private readonly d: SavedCardsDeps) {}

  async cards(accountId: string): Promise<{ userKind: 0 | 1 | 2 | 3; cards: SavedCardView[] }> {
    const account = await requireAccount(this.d.db, accountId);
    const rows = await repo.listCards(this.d.db, accountId);
    const months = await this.expiryWarningMonths();
    const at = this.d.now();
    const cards = rows.map((r) => cardView(r, at, months));
    if (cards.length > 0) return { userKind: 1, cards };
    try {
      const vault = await this.d.provider.listCards(account.phone_e164);
      return { userKind: vault.length > 0 ? 2 : 3, cards };
    } catch (err) {
      this.d.logger.warn({ err }, 'card vault unreachable');
      return { userKind: 0, cards };
    }
  }

  async saveCard(accountId: string, card: CardInput): Promise<SavedCardView> {
    const account = await requireAccount(this.d.db, accountId);
    const at = this.d.now();
    const checked = checkCard(card, new Date(at));
    const row = await vaultCard(this.d.provider, accountId, account.phone_e164, { ...card, pan: checked.pan, brand: checked.brand }, at);
    await this.d.db.transaction().execute(async (trx) => {
      await repo.insertCard(trx, row);
      await repo.activateCard(trx, accountId, row.id);
    });
    return cardView((await repo.getCard(this.d.db, row.id))!, at, await this.expiryWarningMonths());
  }

  async deleteCard(accountId: string, cardId: string): Promise<void> {
    const card = await repo.getOwnCard(this.d.db, accountId, cardId);
    if (!card) throw NotFound('Card not found.');
    await this.d.db.transaction().execute(async (trx) => {
      await repo.deleteCard(trx, card.id);
      await repo.promoteNewest(trx, accountId);
    });
    await forgetCardAtProvider(this.d.db, this.d.provider, { token: card.provider_token, accountId });
  }

  async setDefaultCard(accountId: string, cardId: string): Promise<SavedCardView> {
    const card = await repo.getOwnCard(this.d.db, accountId, cardId);
    if (!card) throw NotFound('Card not found.');
    await this.d.db.transaction().execute((trx) => repo.makeDefault(trx, accountId, card.id));
    return cardView((await repo.getCard(this.d.db, card.id))!, this.d.now(), await this.expiryWarningMonths());
  }

  /** masterpass_end_date_duration: cards expiring within this many months are flagged. */
  private async expiryWarningMonths(): Promise<number> {
    const value = await this.d.remoteConfig.get('masterpass_end_date_duration', '*').catch(() => '0');
    const n = Number.parseInt(value, 10);
    return Number.isFinite(n) && n >= 0 ? n : 0;
  }
}

/** Vaults a checked card at the provider; the PENDING row it returns becomes ACTIVE once stored (or captured). */
export async function vaultCard(
  provider: PaymentProvider,
  accountId: string,
  customerRef: string,
  card: CardInput & { pan: string; brand: SavedCardRow['brand'] },
  at: number,
): Promise<SavedCardRow> {
  const vaulted = await provider.tokenizeCard({
    customerRef,
    card: { pan: card.pan, brand: card.brand, expiryMonth: card.expiryMonth, expiryYear: fullYear(card.expiryYear), cvc: card.cvc, holderName: card.holderName.trim() },
  });
  return {
    id: newId(),
    account_id: accountId,
    provider_token: vaulted.token,
    brand: vaulted.brand,
    last4: vaulted.last4,
    holder_name: vaulted.holderName,
    expiry_month: vaulted.expiryMonth,
    expiry_year: vaulted.expiryYear,
    is_default: 0,
    status: 'PENDING',
    created_at: at,
  };
}

/** Removes a card from the provider's vault; a failure there is left behind (our row is already gone). */
export async function forgetCardAtProvider(db: Executor, provider: PaymentProvider, card: { token: string; accountId: string }): Promise<void> {
  const account = await getAccount(db, card.accountId);
  if (account) await provider.deleteCard(account.phone_e164, card.token).catch(() => {});
}

export async function requireAccount(db: Executor, accountId: string) {
  const account = await getAccount(db, accountId);
  if (!account) throw NotFound('Account not found.');
  return account;
}
