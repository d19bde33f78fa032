import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../../infra/db/schema.js';
import type { RawCard, VaultedCard } from '../payment.provider.js';

/** Our merchant id at the sandbox; cards the customer vaulted at other merchants carry another. */
export const MERCHANT = 'bulut';

// The sandbox's card vault (MasterPass): cards stored per customer and merchant, charged later through their token.

export async function vaultCard(db: Kysely<DB>, now: number, customerRef: string, card: RawCard, merchant: string): Promise<VaultedCard> {
  const token = `tok_${randomBytes(16).toString('hex')}`;
  await db
    .insertInto('sandbox_card')
    .values({
      token,
      merchant,
      customer_ref: customerRef,
      pan: card.pan,
      brand: card.brand,
      expiry_month: card.expiryMonth,
      expiry_year: card.expiryYear,
      holder_name: card.holderName,
      created_at: now,
    })
    .execute();
  return {
    token,
    brand: card.brand,
    last4: card.pan.slice(-4),
    expiryMonth: card.expiryMonth,
    expiryYear: card.expiryYear,
    holderName: card.holderName,
    thisMerchant: merchant === MERCHANT,
  };
}

export async function listVaultedCards(db: Kysely<DB>, customerRef: string): Promise<VaultedCard[]> {
  const rows = await db.selectFrom('sandbox_card').selectAll().where('customer_ref', '=', customerRef).orderBy('created_at').execute();
  return rows.map((r) => ({
    token: r.token,
    brand: r.brand,
    last4: r.pan.slice(-4),
    expiryMonth: r.expiry_month,
    expiryYear: r.expiry_year,
    holderName: r.holder_name,
    thisMerchant: r.merchant === MERCHANT,
  }));
}

export async function deleteVaultedCard(db: Kysely<DB>, customerRef: string, token: string): Promise<void> {
  await db.deleteFrom('sandbox_card').where('token', '=', token).where('customer_ref', '=', customerRef).execute();
}
