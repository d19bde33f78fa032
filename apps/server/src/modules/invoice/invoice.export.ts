import type { Executor } from '../../infra/db/executor.js';
import type { ExportedData } from '../../infra/module-manifest.js';

/** Download all my data: every invoice as issued (its PDF stays a download of its own in Settings → Invoices). */
export async function exportInvoices(db: Executor, accountId: string): Promise<ExportedData> {
  const rows = await db
    .selectFrom('invoice')
    .select(['number', 'kind', 'issued_at', 'description', 'net_minor', 'vat_minor', 'total_minor', 'vat_rate', 'currency', 'seller_name', 'buyer_name', 'buyer_email'])
    .where('account_id', '=', accountId)
    .orderBy('issued_at')
    .execute();
  return {
    section: rows.map((r) => ({
      number: r.number,
      kind: r.kind,
      issuedAt: new Date(Number(r.issued_at)).toISOString(),
      description: r.description,
      netMinor: Number(r.net_minor),
      vatMinor: Number(r.vat_minor),
      totalMinor: Number(r.total_minor),
      vatRate: Number(r.vat_rate),
      currency: r.currency,
      seller: r.seller_name,
      buyer: r.buyer_name,
      buyerEmail: r.buyer_email,
    })),
  };
}
