import type { OperatorContext } from '../../shared/operator-context.js';
import { NotFound } from '../../shared/errors.js';
import { newId } from '../../shared/tokens.js';
import * as repo from './support.repository.js';
import { toCanned } from './support.schemas.js';
import type { SupportCore } from './support.core.js';

type CannedBody = { language: string; title: string; text: string };

/** Canned replies: operator data in any of the 11 languages; every change is audited. */
export class SupportCannedService {
  constructor(private readonly core: SupportCore) {}

  private get d() {
    return this.core.d;
  }

  async list(language?: string) {
    return (await repo.listCanned(this.d.db, language)).map(toCanned);
  }

  async create(operator: OperatorContext, body: CannedBody) {
    const at = this.d.clock();
    const row = { id: newId(), language: body.language, title: body.title.trim(), text: body.text, created_at: at, updated_at: at };
    await this.d.db.transaction().execute(async (trx) => {
      await repo.createCanned(trx, row);
      await this.d.audit(trx, { operator, action: 'support.canned.create', targetKind: 'support', targetId: row.id, accountId: null, reason: null, after: { language: row.language } });
    });
    return toCanned(row);
  }

  async update(operator: OperatorContext, id: string, body: CannedBody) {
    const at = this.d.clock();
    await this.d.db.transaction().execute(async (trx) => {
      if (!(await repo.updateCanned(trx, id, { language: body.language, title: body.title.trim(), text: body.text, updated_at: at }))) throw NotFound('Canned reply not found.');
      await this.d.audit(trx, { operator, action: 'support.canned.update', targetKind: 'support', targetId: id, accountId: null, reason: null, after: { language: body.language } });
    });
    return toCanned((await repo.cannedById(this.d.db, id))!);
  }

  async remove(operator: OperatorContext, id: string): Promise<void> {
    await this.d.db.transaction().execute(async (trx) => {
      if (!(await repo.deleteCanned(trx, id))) throw NotFound('Canned reply not found.');
      await this.d.audit(trx, { operator, action: 'support.canned.delete', targetKind: 'support', targetId: id, accountId: null, reason: null });
    });
  }
}
